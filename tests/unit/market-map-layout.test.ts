import { describe, expect, it } from 'vitest';
import { type Box, PLOT, layoutMarketMap } from '@/components/platforms/market-map-layout';
import { presenceOf, satisfactionOf } from '@/server/community/market-map';

const overlap = (a: Box, b: Box) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the market map layout', () => {
	it('never lets labels collide with each other or with marks, and keeps them in the plot', () => {
		// 60 platforms crowded into one corner, many on the very same spot.
		const points = Array.from({ length: 60 }, (_, i) => ({
			id: i + 1,
			slug: `platform-number-${i + 1}`,
			name: `Platform number ${i + 1}`,
			satisfaction: 60 + (i % 5),
			presence: 70 + (i % 7),
			reviewCount: i,
		}));
		const marks = layoutMarketMap(points);
		const labels = marks.flatMap((mark) => (mark.label ? [mark.label.box] : []));
		const circles = marks.map((mark) => ({
			x: mark.cx - mark.r,
			y: mark.cy - mark.r,
			width: 2 * mark.r,
			height: 2 * mark.r,
		}));
		expect(labels.length).toBeGreaterThan(3);
		labels.forEach((box, index) => {
			expect(box.x).toBeGreaterThanOrEqual(PLOT.left);
			expect(box.x + box.width).toBeLessThanOrEqual(PLOT.right);
			for (const other of labels.slice(index + 1)) expect(overlap(box, other)).toBe(false);
			for (const circle of circles) expect(overlap(box, circle)).toBe(false);
		});
		// The platform with the most reviews is labelled first.
		expect(marks.find((mark) => mark.id === 60)?.label).not.toBeNull();
	});

	it('labels every platform when there is room', () => {
		const marks = layoutMarketMap([
			{ id: 1, slug: 'alpha', name: 'Alpha', satisfaction: 20, presence: 10, reviewCount: 3 },
			{ id: 2, slug: 'beta', name: 'Beta', satisfaction: 80, presence: 90, reviewCount: 1 },
		]);
		expect(marks.every((mark) => mark.label !== null)).toBe(true);
	});
});

describe('labels for every platform', () => {
	// 26 platforms crowded as the demo's are: satisfaction 60 to 72, presence 40 to 100.
	const crowded = Array.from({ length: 26 }, (_, i) => ({
		id: i + 1,
		slug: `retail-network-${i + 1}`,
		name: `Retail Network Number ${i + 1}`,
		satisfaction: 60 + ((i * 7) % 13),
		presence: 40 + ((i * 11) % 61),
		reviewCount: 2 + ((i * 5) % 9),
	}));

	it('names or numbers every platform, without collisions, by moving labels out along a leader line', () => {
		const marks = layoutMarketMap(crowded);
		expect(marks.every((mark) => mark.label !== null)).toBe(true);
		const labels = marks.map((mark) => mark.label!.box);
		labels.forEach((box, index) => {
			for (const other of labels.slice(index + 1)) expect(overlap(box, other)).toBe(false);
		});
		// Some names only fit a step away, joined to their mark by a line from its edge.
		const led = marks.filter((mark) => mark.label?.leader);
		expect(led.length).toBeGreaterThan(0);
		for (const mark of led) {
			const { x1, y1 } = mark.label!.leader!;
			expect(Math.hypot(x1 - mark.cx, y1 - mark.cy)).toBeCloseTo(mark.r, 5);
		}
	});

	it('numbers the names without room in the order of the table, most satisfied first', () => {
		const marks = layoutMarketMap(crowded);
		const keyed = marks
			.filter((mark) => mark.label?.key !== undefined)
			.sort((a, b) => a.label!.key! - b.label!.key!);
		expect(keyed.length).toBeGreaterThan(0);
		expect(keyed.map((mark) => mark.label!.text)).toEqual(keyed.map((_, index) => String(index + 1)));
		const satisfaction = keyed.map((mark) => mark.satisfaction);
		expect(satisfaction).toEqual([...satisfaction].sort((a, b) => b - a));
		// Names that fit keep their name.
		for (const mark of marks.filter((mark) => mark.label?.key === undefined)) {
			expect(mark.label!.text).toBe(mark.name);
		}
	});
});

describe('the market map formulas', () => {
	it('blends the platform score with five neutral reviews, onto 0..100', () => {
		expect(satisfactionOf(0, 0)).toBe(50);
		expect(satisfactionOf(5, 3)).toBe(69);
		expect(satisfactionOf(5, 1000)).toBe(100);
		expect(satisfactionOf(1, 1000)).toBe(0);
	});

	it('puts presence on a log scale where the most present platform is 100', () => {
		expect(presenceOf(0, 0)).toBe(0);
		expect(presenceOf(3, 3)).toBe(100);
		expect(presenceOf(1, 3)).toBe(50);
	});
});
