/**
 * Where the market map draws each platform and its label. Labels are placed greedily, the
 * platforms with most reviews first: to the right of the mark, then left, above, below; a label
 * that would overlap another label or mark (or leave the plot) is not drawn, and the mark keeps
 * its name as the link's accessible name and tooltip (the table below lists every platform).
 */

export type MapPoint = {
	id: number;
	slug: string;
	name: string;
	satisfaction: number;
	presence: number;
	reviewCount: number;
};

export type Box = { x: number; y: number; width: number; height: number };

export type PlacedMark = MapPoint & {
	cx: number;
	cy: number;
	r: number;
	/** The label's anchor and box, or null when no free spot was found. */
	label: { x: number; y: number; anchor: 'start' | 'end' | 'middle'; box: Box } | null;
};

export const MAP_WIDTH = 800;
export const MAP_HEIGHT = 520;
/** The plot inside the axes. */
export const PLOT = { left: 64, top: 24, right: 776, bottom: 464 } as const;

/** The labels' font size in the map's units (the page sets it on each label). */
export const FONT_SIZE = 12;
/** An estimate of a character's width at FONT_SIZE (the server cannot measure text). */
const CHAR_WIDTH = 7.5;
const GAP = 4;
const MAX_LABEL = 24;

/** A label's text: long names are cut with an ellipsis (the full name is in the tooltip). */
export function labelText(name: string): string {
	return name.length > MAX_LABEL ? `${name.slice(0, MAX_LABEL - 1).trimEnd()}…` : name;
}

function overlaps(a: Box, b: Box): boolean {
	return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(box: Box): boolean {
	return (
		box.x >= PLOT.left &&
		box.y >= PLOT.top &&
		box.x + box.width <= PLOT.right &&
		box.y + box.height <= PLOT.bottom
	);
}

export function layoutMarketMap(points: readonly MapPoint[]): PlacedMark[] {
	const width = PLOT.right - PLOT.left;
	const height = PLOT.bottom - PLOT.top;
	const most = Math.max(1, ...points.map((point) => point.reviewCount));
	const marks = points.map((point) => ({
		...point,
		cx: PLOT.left + (point.presence / 100) * width,
		cy: PLOT.bottom - (point.satisfaction / 100) * height,
		r: 4 + 6 * Math.sqrt(point.reviewCount / most),
	}));
	const taken: Box[] = marks.map((mark) => ({
		x: mark.cx - mark.r,
		y: mark.cy - mark.r,
		width: 2 * mark.r,
		height: 2 * mark.r,
	}));
	const placed = new Map<number, PlacedMark['label']>();
	const order = [...marks].sort((a, b) => b.reviewCount - a.reviewCount || a.name.localeCompare(b.name));
	for (const mark of order) {
		const textWidth = labelText(mark.name).length * CHAR_WIDTH;
		const label = (x: number, baseline: number, anchor: 'start' | 'end' | 'middle') => {
			const left = anchor === 'start' ? x : anchor === 'end' ? x - textWidth : x - textWidth / 2;
			// The glyphs' box: ascenders above the baseline, descenders below, as browsers draw them.
			const box = {
				x: left - 1,
				y: baseline - FONT_SIZE * 1.05,
				width: textWidth + 2,
				height: FONT_SIZE * 1.4,
			};
			return { x, y: baseline, anchor, box };
		};
		const candidates = [
			label(mark.cx + mark.r + GAP, mark.cy + FONT_SIZE / 3, 'start'),
			label(mark.cx - mark.r - GAP, mark.cy + FONT_SIZE / 3, 'end'),
			label(mark.cx, mark.cy - mark.r - GAP - FONT_SIZE * 0.4, 'middle'),
			label(mark.cx, mark.cy + mark.r + GAP + FONT_SIZE * 1.05, 'middle'),
		];
		// Every candidate sits clear of its own mark, so the mark's own box needs no exception.
		const free = candidates.find(
			(candidate) => inside(candidate.box) && !taken.some((box) => overlaps(box, candidate.box)),
		);
		placed.set(mark.id, free ?? null);
		if (free) taken.push(free.box);
	}
	return marks.map((mark) => ({ ...mark, label: placed.get(mark.id) ?? null }));
}
