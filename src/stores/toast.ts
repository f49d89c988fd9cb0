/**
 * Toasts: at most one at a time, so a new toast replaces the shown one. Anything may
 * call toast(); the Radix toaster subscribes to this store.
 */
import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive' | 'warning';
export type ToastMessage = {
	id: number;
	title: string;
	description?: string;
	variant: ToastVariant;
};

export const $toast = atom<ToastMessage | null>(null);

let nextId = 1;

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): void {
	$toast.set({ id: nextId++, variant: 'default', ...input });
}

export function dismissToast(): void {
	$toast.set(null);
}

const NEXT_PAGE_KEY = 'rmh:toast';

/**
 * For a toast that must survive a full page load (sign-out then redirect): kept in
 * sessionStorage and raised by the toast host on the next page. Falls back to a toast now.
 */
export function toastAfterNavigation(input: {
	title: string;
	description?: string;
	variant?: ToastVariant;
}): void {
	try {
		sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(input));
	} catch {
		toast(input);
	}
}

/** Raises a toast queued by the previous page, if any (called once by the toast host). */
export function raiseQueuedToast(): void {
	try {
		const queued = sessionStorage.getItem(NEXT_PAGE_KEY);
		if (!queued) return;
		sessionStorage.removeItem(NEXT_PAGE_KEY);
		const input = JSON.parse(queued) as { title?: unknown; description?: unknown; variant?: unknown };
		if (typeof input.title !== 'string') return;
		toast({
			title: input.title,
			description: typeof input.description === 'string' ? input.description : undefined,
			variant: input.variant === 'destructive' || input.variant === 'warning' ? input.variant : 'default',
		});
	} catch {
		// storage unavailable or a malformed entry: nothing to show
	}
}
