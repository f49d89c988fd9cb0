/**
 * The current user, shared by the header script and every island.
 * undefined = still loading, null = anonymous (a 401 is not an error), else the user.
 */
import { atom } from 'nanostores';
import { ApiError, apiRequest } from '../lib/api-client';
import type { PublicUser } from '../lib/validation/auth';

export const $user = atom<PublicUser | null | undefined>(undefined);

let loading: Promise<PublicUser | null> | undefined;

/** Set by the server beside the HttpOnly session cookie; no hint means no session. */
function mayBeSignedIn(): boolean {
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

export function setUser(user: PublicUser | null): void {
	$user.set(user);
}

/** Ends the session and forgets the user; throws when the call fails (the caller toasts). */
export async function signOut(): Promise<void> {
	await apiRequest('POST', '/api/logout');
	loading = Promise.resolve(null);
	$user.set(null);
}
