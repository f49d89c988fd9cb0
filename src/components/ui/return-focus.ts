/**
 * Where focus goes when a dialog closes: back to the element that opened it. That element may
 * leave the page soon after (the Delete button goes with its row once the list reloads); focus
 * would then fall to <body> and the next Tab to "Skip to content". So its section is watched
 * until focus moves on by itself, and takes focus if the opener disappears while focused.
 */

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Remembers the focused element and its section, when a dialog opens. */
export function rememberOpener(): { opener: HTMLElement; section: HTMLElement | null } | null {
	const active = document.activeElement;
	if (!(active instanceof HTMLElement) || active === document.body) return null;
	return { opener: active, section: active.closest('section') };
}

function focusSection(section: HTMLElement): void {
	if (!section.matches(FOCUSABLE)) section.tabIndex = -1;
	section.focus();
}

let stopWatching: (() => void) | null = null;

/** Focuses the opener (or, when it is already gone, its section); false if neither is left. */
export function returnFocus(
	remembered: { opener: HTMLElement; section: HTMLElement | null } | null,
): boolean {
	stopWatching?.();
	if (!remembered) return false;
	const { opener, section } = remembered;
	if (!opener.isConnected) {
		if (!section?.isConnected) return false;
		focusSection(section);
		return true;
	}
	opener.focus();
	if (!section) return true;
	const observer = new MutationObserver(() => {
		if (opener.isConnected) return;
		const lost = document.activeElement === document.body || document.activeElement === null;
		stop();
		if (lost && section.isConnected) focusSection(section);
	});
	const onFocusIn = () => stop();
	function stop() {
		observer.disconnect();
		document.removeEventListener('focusin', onFocusIn);
		stopWatching = null;
	}
	observer.observe(section, { childList: true, subtree: true });
	// Focus moving anywhere else means the person went on; nothing to rescue any more.
	document.addEventListener('focusin', onFocusIn);
	stopWatching = stop;
	return true;
}
