/**
 * The current user, shared by the header script and every island.
 * undefined = still loading, null = anonymous (a 401 is not an error), else the user.
 */
import { atom } from 'nanostores';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { toastAfterNavigation } from './toast';

export const $user = atom<PublicUser | null | undefined>(undefined);

let loading: Promise<PublicUser | null> | undefined;

/** Set by the server beside the HttpOnly session cookie; no hint means no session. */
export function mayBeSignedIn(): boolean {
	return document.cookie.split(';').some((part) => part.trim().startsWith('signed_in='));
}

/** Loads the current user once per page; call again with force after profile changes. */
export function loadUser(force = false): Promise<PublicUser | null> {
	if (loading && !force) return loading;
	if (!mayBeSignedIn()) {
		$user.set(null);
		loading = Promise.resolve(null);
		return loading;
	}
	loading = apiRequest<PublicUser>('GET', '/api/user')
		.catch((error: unknown) => {
			if (error instanceof ApiError && error.status === 401) return null;
			throw error;
		})
		.then((user) => {
			$user.set(user);
			return user;
		})
		.catch(() => {
			$user.set(null);
			return null;
		});
	return loading;
}

/**
 * Checks again whether the session still holds (the page came back into view or focus): it may
 * have ended in another tab (sign out), expired, or been refused since the page loaded. Only a
 * definite answer changes the user; a network failure leaves the page as it is.
 */
export async function recheckSession(): Promise<void> {
	if ($user.get() === undefined) return;
	if (!mayBeSignedIn()) {
		loading = Promise.resolve(null);
		$user.set(null);
		return;
	}
	try {
		const user = await apiRequest<PublicUser>('GET', '/api/user');
		loading = Promise.resolve(user);
		$user.set(user);
	} catch (error) {
		if (error instanceof ApiError && error.status === 401) {
			loading = Promise.resolve(null);
			$user.set(null);
		}
	}
}

/**
 * For a failed call on a page that needs a session: a 401 means the session has ended (signed
 * out in another tab, expired), so the user is forgotten, which sends route guards to /auth,
 * and the reason is toasted there. True when that happened (the caller then toasts nothing).
 */
export function sessionEnded(error: unknown): boolean {
	if (!(error instanceof ApiError) || error.status !== 401) return false;
	toastAfterNavigation({
		title: 'Signed out',
		description: 'Your session has ended. Please sign in again.',
		variant: 'destructive',
	});
	loading = Promise.resolve(null);
	$user.set(null);
	return true;
}

export function setUser(user: PublicUser | null): void {
	$user.set(user);
}

/** Ends the session and forgets the user; throws when the call fails (the caller toasts). */
export async function signOut(): Promise<void> {
	await apiRequest('POST', '/api/logout');
	loading = Promise.resolve(null);
	$user.set(null);
}

/** Ends every session of the user (this one too) and forgets the user; throws when the call fails. */
export async function signOutEverywhere(): Promise<void> {
	await apiRequest('DELETE', '/api/profile/sessions');
	loading = Promise.resolve(null);
	$user.set(null);
}
