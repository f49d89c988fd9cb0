/**
 * The "What changed" lines and the rating-trend geometry of a platform page.
 */
import { describe, expect, it } from 'vitest';
import { describeChange, TREND_PLOT, trendPoints, trendY } from '@/components/platforms/platform-history';
import { formatMonth } from '@/lib/format';

describe('describeChange', () => {
	it('writes a text change as before → after', () => {
		expect(describeChange({ field: 'pricing', from: 'CPC from $0.50', to: 'CPC from $0.65' })).toBe(
			'Pricing: CPC from $0.50 → CPC from $0.65',
		);
		expect(describeChange({ field: 'websiteUrl', from: 'https://a.example', to: null })).toBe(
			'Website: https://a.example → none',
		);
		expect(describeChange({ field: 'isRecommended', from: false, to: true })).toBe('Recommended: no → yes');
		// A logo's file address means nothing to a reader: the line says what happened to it.
		expect(describeChange({ field: 'logo', from: '/a.svg', to: '/b.svg' })).toBe('Logo: replaced');
		expect(describeChange({ field: 'logo', from: null, to: '/b.svg' })).toBe('Logo: added');
		expect(describeChange({ field: 'logo', from: '/a.svg', to: '' })).toBe('Logo: removed');
	});

	it('names the items a list gained and lost', () => {
		expect(describeChange({ field: 'features', from: ['Old'], to: ['New', 'Other'] })).toBe(
			'Features: added New, Other; removed Old',
		);
		expect(describeChange({ field: 'cons', from: ['Pricey'], to: [] })).toBe('Cons: removed Pricey');
	});

	it('cuts a long text', () => {
		const line = describeChange({ field: 'description', from: 'a'.repeat(300), to: 'b' });
		expect(line.length).toBeLessThan(140);
		expect(line).toContain('…');
	});
});

describe('the rating trend', () => {
	it('spaces months by time, leaving gaps for months without reviews', () => {
		const points = trendPoints([
			{ month: '2026-01', average: 1, count: 1 },
			{ month: '2026-02', average: 5, count: 2 },
			{ month: '2026-05', average: 3, count: 1 },
		]);
		expect(points.map((point) => point.x)).toEqual([
			TREND_PLOT.left,
			TREND_PLOT.left + (TREND_PLOT.right - TREND_PLOT.left) / 4,
			TREND_PLOT.right,
		]);
		expect(points.map((point) => point.y)).toEqual([TREND_PLOT.bottom, TREND_PLOT.top, trendY(3)]);
	});

	it('puts a single month in the middle, and names months as the site does', () => {
		const [point] = trendPoints([{ month: '2026-11', average: 4, count: 3 }]);
		expect(point!.x).toBe((TREND_PLOT.left + TREND_PLOT.right) / 2);
		expect(formatMonth('2026-11')).toBe('Nov 2026');
		expect(formatMonth('2027-01')).toBe('Jan 2027');
	});
});
