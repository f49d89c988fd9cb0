/**
 * Typed work in the dashboard (an article or platform form, a page being edited) is not thrown
 * away without asking: a form that differs from what it loaded registers here while it does.
 * Closing its dialog, picking another page or tab, or View Site asks first; leaving the page
 * (reload, address bar, closing the tab) gets the browser's own warning through beforeunload.
 */
import { useEffect } from 'react';

export const DISCARD_QUESTION = 'You have unsaved changes. Discard them?';

const unsaved = new Set<object>();

function onBeforeUnload(event: BeforeUnloadEvent) {
	if (unsaved.size === 0) return;
	event.preventDefault();
	// Older browsers show the prompt only when returnValue is set.
	event.returnValue = '';
}

/** Keeps the page's unsaved state while `dirty` is true (and the component is mounted). */
export function useUnsavedChanges(dirty: boolean): void {
	useEffect(() => {
		if (!dirty) return;
		const token = {};
		if (unsaved.size === 0) window.addEventListener('beforeunload', onBeforeUnload);
		unsaved.add(token);
		return () => {
			unsaved.delete(token);
			if (unsaved.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
		};
	}, [dirty]);
}

/** True when `dirty` is false or the person agrees to lose the changes. */
export function confirmDiscard(dirty: boolean): boolean {
	return !dirty || window.confirm(DISCARD_QUESTION);
}

/**
 * Before anything that drops every form on screen (another tab, View Site): asks once when
 * some form has changes; on yes, forgets them so the page's own warning does not ask again.
 */
export function mayLeave(): boolean {
	if (!confirmDiscard(unsaved.size > 0)) return false;
	unsaved.clear();
	window.removeEventListener('beforeunload', onBeforeUnload);
	return true;
}

/** True when two flat form states differ in any field. */
export function formChanged<T extends Record<string, unknown>>(current: T, initial: T): boolean {
	return Object.keys(initial).some((key) => current[key] !== initial[key]);
}
