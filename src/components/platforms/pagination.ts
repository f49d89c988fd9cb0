/** Page arithmetic for the listing footer and its numbered buttons. */

export function pageCount(total: number, pageSize: number): number {
	return Math.max(1, Math.ceil(total / pageSize));
}

/** 'Showing 1-6 of 26 platforms'. */
export function showingText(page: number, pageSize: number, total: number): string {
	const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
	const last = Math.min(total, page * pageSize);
	return `Showing ${first}-${last} of ${total} ${total === 1 ? 'platform' : 'platforms'}`;
}

/**
 * The page numbers to show: all of them up to 7 pages, else the first, the last and the
 * current page's neighbours, with null where a gap ('…') goes.
 */
export function pageWindow(current: number, count: number): Array<number | null> {
	if (count <= 7) return Array.from({ length: count }, (_, index) => index + 1);
	const pages = new Set([1, count, current - 1, current, current + 1]);
	if (current <= 3) [2, 3, 4].forEach((page) => pages.add(page));
	if (current >= count - 2) [count - 3, count - 2, count - 1].forEach((page) => pages.add(page));
	const sorted = [...pages].filter((page) => page >= 1 && page <= count).sort((a, b) => a - b);
	const result: Array<number | null> = [];
	sorted.forEach((page, index) => {
		if (index > 0 && page - sorted[index - 1]! > 1) result.push(null);
		result.push(page);
	});
	return result;
}
