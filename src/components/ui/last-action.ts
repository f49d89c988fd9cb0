/**
 * The control a person last pressed (pointer or keyboard), so a toast can keep clear of it: a
 * toast over the Save or vote button just used hides the button and the result next to it.
 * toast-host.ts starts watching on every page, before the toaster itself loads.
 */
const CONTROL = 'button, a, input, select, textarea, summary, [role="button"], [role="switch"], [role="tab"]';

let last: WeakRef<Element> | null = null;

function remember(event: Event): void {
	if (!(event.target instanceof Element)) return;
	if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
	last = new WeakRef(event.target.closest(CONTROL) ?? event.target);
}

export function watchActions(): void {
	document.addEventListener('pointerdown', remember, true);
	document.addEventListener('keydown', remember, true);
}

/** The control last pressed, while it is still on the page. */
export function lastAction(): Element | null {
	const element = last?.deref();
	return element?.isConnected ? element : null;
}
