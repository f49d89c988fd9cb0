/**
 * Keeps the comparison's heading row (the platform names) in view while the page scrolls down
 * to the pros, cons and features. CSS `position: sticky` cannot do it: the table scrolls
 * sideways in its own region, and a sticky cell sticks within that region, never the page. So
 * the region gets how far the heading row must move down (below the site's sticky header, never
 * past the table's end) and the row's cells translate by it (compare/CompareTable.tsx). A
 * transform moves nothing else on the page (no layout shift). A page script, not the island:
 * the island may never load for a reader who only scrolls.
 */
export const HEAD_SHIFT_PROPERTY = '--compare-head-shift';

export function initStickyHead(): void {
	let frame = 0;
	const place = () => {
		frame = 0;
		const region = document.querySelector<HTMLElement>('[data-compare-region]');
		const head = region?.querySelector('thead');
		if (!region || !head) return;
		const top = Math.max(
			0,
			document.querySelector('[data-site-header]')?.getBoundingClientRect().bottom ?? 0,
		);
		const box = region.getBoundingClientRect();
		const room = box.height - head.getBoundingClientRect().height;
		const shift = Math.round(Math.max(0, Math.min(top - box.top, room)));
		region.style.setProperty(HEAD_SHIFT_PROPERTY, `${shift}px`);
		region.toggleAttribute('data-head-stuck', shift > 0);
	};
	const schedule = () => {
		if (frame === 0) frame = requestAnimationFrame(place);
	};
	window.addEventListener('scroll', schedule, { passive: true });
	window.addEventListener('resize', schedule);
	// The table grows or shrinks without a scroll ('+N more' opened, a column added or removed).
	new ResizeObserver(schedule).observe(document.body);
	schedule();
}
