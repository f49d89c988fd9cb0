/**
 * Sign-in checks shared by the rating, comment and vote controls: all three need a signed-in user.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ApiError, failureText } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { $user, loadUser, mayBeSignedIn } from '@/stores/session';
import { toast } from '@/stores/toast';

/**
 * The current user for rendering: undefined while loading. The server render and the
 * hydrating render both see undefined (ssr: 'initial'), so the markup matches.
 */
export function useCurrentUser(): PublicUser | null | undefined {
	const user = useStore($user, { ssr: 'initial' });
	useEffect(() => {
		void loadUser();
	}, []);
	return user;
}

/**
 * Whether the sign-in prompts show. They are in the server's HTML (most readers are signed
 * out): a prompt that appeared only once the island started would push the form's buttons down
 * under the reader's pointer, and a click meant for Submit Rating would land on what slid into
 * its place. The first render matches the server's; right after it, the session's hint cookie
 * hides them for a signed-in reader (whose island starts as the page loads, client:interaction's
 * signedIn), and the loaded user settles it.
 */
export function useSignedOut(user: PublicUser | null | undefined): boolean {
	const [hinted, setHinted] = useState(false);
	useEffect(() => setHinted(mayBeSignedIn()), []);
	return user === null || (user === undefined && !hinted);
}

/**
 * True when someone is signed in; otherwise shows the 'Authentication required' toast
 * with the given text. Waits for the user to load when a click comes first.
 */
export async function ensureSignedIn(description: string): Promise<boolean> {
	const user = $user.get() === undefined ? await loadUser() : $user.get();
	if (user) return true;
	toast({ title: 'Authentication required', description, variant: 'destructive' });
	return false;
}

/**
 * A failed write: the message catalogue's title with the server's message. A 401 means the
 * session is gone (expired, or the account was banned), so the user is loaded again and the
 * page switches to its signed-out prompts.
 */
export function reportFailure(title: string, error: unknown, fallback: string): void {
	toast({ title, description: failureText(error, fallback), variant: 'destructive' });
	if (error instanceof ApiError && error.status === 401) void loadUser(true);
}
