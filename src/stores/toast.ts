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
