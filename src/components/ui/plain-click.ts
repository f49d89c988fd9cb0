/**
 * A link an island opens in place (paging, removing a compared platform, adding one) is still a
 * link: a click with a modifier key or another button is the browser's (a new tab, a window).
 */
import type { MouseEvent } from 'react';

/** True for a plain left click, the one the island handles itself. */
export function isPlainClick(event: MouseEvent): boolean {
	return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
