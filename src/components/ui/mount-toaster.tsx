/**
 * Loaded on demand by toast-host.ts: puts <Toaster/> in #toast-root. Kept apart so pages
 * without islands download React only when a toast is actually raised.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Toaster } from './Toaster';

export function mountToaster(): void {
	let host = document.getElementById('toast-root');
	if (!host) {
		host = document.createElement('div');
		host.id = 'toast-root';
		document.body.append(host);
	}
	if (host.dataset.mounted) return;
	host.dataset.mounted = 'true';
	const root = createRoot(host);
	// Synchronous, so the caller can focus the viewport right after.
	flushSync(() => root.render(<Toaster />));
}

/** What Radix's F8 hotkey does once mounted: focus the toast list. */
export function focusToastViewport(): void {
	document.querySelector<HTMLElement>('#toast-root ol')?.focus();
}
