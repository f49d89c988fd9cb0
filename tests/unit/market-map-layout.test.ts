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
