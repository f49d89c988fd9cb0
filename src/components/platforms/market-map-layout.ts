/**
 * Where the market map draws each platform and its label. Labels are placed greedily, the
 * platforms with most reviews first, at the first free spot of: beside the mark (right, left,
 * above, below, then the four corners), then the same eight up to six steps further out, with a
 * leader line to the mark (platforms without reviews share one spot). A name that finds no free spot is replaced by a number, placed the same way, which
 * the table below gives beside the name, so every platform on the map can be told.
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
	/** The label's anchor and box, or null when not even a number found a free spot. */
	label: MapLabel | null;
};

export type MapLabel = {
	x: number;
	y: number;
	anchor: 'start' | 'end' | 'middle';
	box: Box;
	/** The label's text: the platform's (shortened) name, or its key when `key` is set. */
	text: string;
	/** Set when the name found no room: the number the table shows beside the name. */
	key?: number;
	/** From the mark's edge to the label, for a label placed a step away. */
	leader?: { x1: number; y1: number; x2: number; y2: number };
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
/** How much further out each further ring of spots lies (with a leader line). */
const LEADER_STEP = 14;

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
	const placed = new Map<number, MapLabel | null>();
	const order = [...marks].sort((a, b) => b.reviewCount - a.reviewCount || a.name.localeCompare(b.name));
	const free = (candidates: MapLabel[]) =>
		candidates.find(
			(candidate) => inside(candidate.box) && !taken.some((box) => overlaps(box, candidate.box)),
		);
	const keyed: typeof marks = [];
	for (const mark of order) {
		const found = free(labelSpots(mark, labelText(mark.name)));
		if (found) taken.push(found.box);
		else keyed.push(mark);
		placed.set(mark.id, found ?? null);
	}
	// Keys are numbered in the table's order (most satisfied first), so they are easy to find there.
	keyed.sort((a, b) => b.satisfaction - a.satisfaction || a.name.localeCompare(b.name));
	for (const [index, mark] of keyed.entries()) {
		const key = index + 1;
		const found = free(labelSpots(mark, String(key)));
		if (found) taken.push(found.box);
		placed.set(mark.id, found ? { ...found, key } : null);
	}
	return marks.map((mark) => ({ ...mark, label: placed.get(mark.id) ?? null }));
}

/** Where a label of this text may go around its mark, nearest first. */
function labelSpots(mark: { cx: number; cy: number; r: number }, text: string): MapLabel[] {
	const textWidth = text.length * CHAR_WIDTH;
	const label = (x: number, baseline: number, anchor: MapLabel['anchor']): MapLabel => {
		const left = anchor === 'start' ? x : anchor === 'end' ? x - textWidth : x - textWidth / 2;
		// The glyphs' box: ascenders above the baseline, descenders below, as browsers draw them.
		const box = {
			x: left - 1,
			y: baseline - FONT_SIZE * 1.05,
			width: textWidth + 2,
			height: FONT_SIZE * 1.4,
		};
		return { x, y: baseline, anchor, box, text };
	};
	const around = (step: number): MapLabel[] => {
		const side = mark.r + GAP + step;
		const corner = mark.r * Math.SQRT1_2 + GAP + step;
		return [
			label(mark.cx + side, mark.cy + FONT_SIZE / 3, 'start'),
			label(mark.cx - side, mark.cy + FONT_SIZE / 3, 'end'),
			label(mark.cx, mark.cy - side - FONT_SIZE * 0.4, 'middle'),
			label(mark.cx, mark.cy + side + FONT_SIZE * 1.05, 'middle'),
			label(mark.cx + corner, mark.cy - corner, 'start'),
			label(mark.cx - corner, mark.cy - corner, 'end'),
			label(mark.cx + corner, mark.cy + corner + FONT_SIZE * 0.7, 'start'),
			label(mark.cx - corner, mark.cy + corner + FONT_SIZE * 0.7, 'end'),
		];
	};
	const withLeader = (spot: MapLabel): MapLabel => {
		// From the mark's edge towards the label box's nearest point.
		const tx = Math.min(Math.max(mark.cx, spot.box.x), spot.box.x + spot.box.width);
		const ty = Math.min(Math.max(mark.cy, spot.box.y), spot.box.y + spot.box.height);
		const distance = Math.hypot(tx - mark.cx, ty - mark.cy) || 1;
		return {
			...spot,
			leader: {
				x1: mark.cx + ((tx - mark.cx) / distance) * mark.r,
				y1: mark.cy + ((ty - mark.cy) / distance) * mark.r,
				x2: tx,
				y2: ty,
			},
		};
	};
	// Every spot sits clear of its own mark, so the mark's own box needs no exception.
	return [...around(0), ...[1, 2, 3, 4, 5, 6].flatMap((ring) => around(ring * LEADER_STEP).map(withLeader))];
}
