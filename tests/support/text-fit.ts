/**
 * Checks that a screen fits its width: nothing reaches past the viewport's right edge, and no
 * ordinary word (a label, a heading, a button, a table header) is split across two lines.
 * Long unbroken visitor text (a 4,000-character word) may and must wrap anywhere, so words
 * longer than LONGEST_WORD are left out of the split check.
 */
import type { Locator, Page } from 'playwright-core';

const LONGEST_WORD = 24;

/** How far the page reaches past the viewport's right edge, and what sticks out first. */
export async function horizontalOverflow(
	page: Page,
): Promise<{ width: number; viewport: number; culprit: string }> {
	// The configured width: a phone's layout viewport grows with a page that is too wide.
	const viewport = page.viewportSize()!.width;
	return page.evaluate((viewport) => {
		let culprit = '';
		for (const element of Array.from(document.querySelectorAll('body *'))) {
			// An icon's shapes are measured through their <svg>.
			if (element instanceof SVGElement && element.ownerSVGElement) continue;
			const box = element.getBoundingClientRect();
			if (box.right > viewport + 1 && box.width > 0) {
				// Fixed layers (dialogs, toasts, the side panel) never widen the page.
				const position = getComputedStyle(element).position;
				if (position === 'fixed') continue;
				// An element inside a box that scrolls or clips within the screen is fine: the box
				// scrolls, the page does not. An absolutely placed one (a screen-reader-only
				// caption) escapes such a box unless the box is positioned, and widens the page.
				let placed = position === 'absolute';
				let scroller = element.parentElement;
				let scrolls = false;
				while (scroller instanceof HTMLElement && scroller !== document.body) {
					const style = getComputedStyle(scroller);
					const overflowX = style.overflowX;
					const positioned = style.position !== 'static';
					if (
						(overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') &&
						(!placed || positioned) &&
						scroller.getBoundingClientRect().right <= viewport + 1
					) {
						scrolls = true;
						break;
					}
					// From its containing block up, it scrolls with its box like any element.
					if (positioned) placed = false;
					scroller = scroller.parentElement;
				}
				if (scrolls) continue;
				// The element and its nearest ancestor with a class, to find it in the source.
				const named = element.closest('[class]') ?? element;
				culprit = `${element.tagName.toLowerCase()} in ${named.tagName.toLowerCase()}.${String(named.getAttribute('class') ?? '').slice(0, 80)}`;
				break;
			}
		}
		return { width: document.documentElement.scrollWidth, viewport, culprit };
	}, viewport);
}

/**
 * Words of up to LONGEST_WORD letters inside the matched elements that the layout split over two
 * lines ("Sta|tus"), with the text they were in; words only split at spaces, hyphens and slashes
 * count as whole.
 */
export async function splitWords(scope: Locator): Promise<string[]> {
	return scope.evaluateAll((elements, longest) => {
		const found: string[] = [];
		const range = document.createRange();
		for (const element of elements) {
			const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const text = node.textContent ?? '';
				const parent = node.parentElement;
				if (!parent || !text.trim() || parent.closest('script, style, template, [hidden], .sr-only'))
					continue;
				for (const match of text.matchAll(/[^\s\-–—/]+/g)) {
					if (match[0].length < 2 || match[0].length > longest) continue;
					range.setStart(node, match.index);
					range.setEnd(node, match.index + match[0].length);
					const lines = new Set(
						Array.from(range.getClientRects())
							.filter((rect) => rect.width > 0)
							.map((rect) => Math.round(rect.top)),
					);
					if (lines.size > 1) found.push(`"${match[0]}" in "${text.trim().slice(0, 60)}"`);
				}
			}
		}
		return found;
	}, LONGEST_WORD);
}
