/**
 * Toasts (SPEC 9): at most one at a time, so a new toast replaces the shown one. Anything may
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

const FLASH_KEY = 'rmh:flash-toast';

/** A toast to show on the next page, for actions that navigate (sign-in, sign-out). */
export function flashToast(input: { title: string; description?: string; variant?: ToastVariant }): void {
	try {
		sessionStorage.setItem(FLASH_KEY, JSON.stringify(input));
	} catch {
		toast(input);
	}
}

/** Shows the toast left by the previous page, if any (called once per page load). */
export function showFlashToast(): void {
	try {
		const saved = sessionStorage.getItem(FLASH_KEY);
		if (!saved) return;
		sessionStorage.removeItem(FLASH_KEY);
		toast(JSON.parse(saved));
	} catch {
		// storage unavailable or corrupted: nothing to show
	}
}
