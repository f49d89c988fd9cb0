/**
 * The sentences of a platform's "What changed" timeline and the geometry of its rating-trend
 * chart: plain functions, so the page renders them on the server and tests read them directly.
 */
import { formatDate } from '@/lib/format';
import type { RatingTrendPoint } from '@/server/community/reviews';

// Described once in lib: the page, the feed and the followers' digest mail say the same line.
export { describeChange } from '@/lib/platform-changes';

/** The date a change shows (UTC, as the rest of the site). */
export function changeDate(at: Date | string): string {
	return formatDate(at);
}

export const TREND_WIDTH = 320;
export const TREND_HEIGHT = 140;
/** The plot inside the axis labels. */
export const TREND_PLOT = { left: 28, top: 10, right: 308, bottom: 112 } as const;

/** Where a star average sits on the chart's vertical axis (1 at the bottom, 5 at the top). */
export function trendY(average: number): number {
	return TREND_PLOT.bottom - ((average - 1) / 4) * (TREND_PLOT.bottom - TREND_PLOT.top);
}

/**
 * Each month's point: across by the time since the first month (a month without reviews leaves
 * a gap, not a squeeze), up by the average. A single month sits in the middle.
 */
export function trendPoints(trend: RatingTrendPoint[]): (RatingTrendPoint & { x: number; y: number })[] {
	const index = (month: string) => {
		const [year, number] = month.split('-').map(Number);
		return year! * 12 + number!;
	};
	const first = trend[0] ? index(trend[0].month) : 0;
	const span = trend.length > 0 ? index(trend[trend.length - 1]!.month) - first : 0;
	const width = TREND_PLOT.right - TREND_PLOT.left;
	return trend.map((point) => ({
		...point,
		x:
			span === 0
				? TREND_PLOT.left + width / 2
				: TREND_PLOT.left + ((index(point.month) - first) / span) * width,
		y: trendY(point.average),
	}));
}
