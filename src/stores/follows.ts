/**
 * The platforms the signed-in reader follows (GET /api/profile/follows), shared by the platform
 * page's Follow button and the profile's list. Following and unfollowing answer the new list,
 * which replaces the store's, so both islands always show what the server holds.
 */
import { readAttribution } from '@/lib/attribution';
import { atom } from 'nanostores';
import { apiRequest } from '@/lib/api-client';

export type Follow = { platformId: number; slug: string; name: string; followedAt: string };

/** undefined until read (or for a reader who cannot follow). */
export const $follows = atom<Follow[] | undefined>(undefined);

let reading: Promise<void> | undefined;
/** Counts the follows and unfollows answered on this page. */
let writes = 0;

/** Reads the reader's follows once per page; `force` reads again. */
export function loadFollows(force = false): Promise<void> {
	if (reading && !force) return reading;
	const writesBefore = writes;
	const attempt = apiRequest<Follow[]>('GET', '/api/profile/follows').then((follows) => {
		// A follow answered while this read was on its way holds the newer list: the read's
		// answer, taken before it, would undo the press on screen.
		if (writes === writesBefore) $follows.set(follows);
	});
	// A read that failed is tried again by the next caller rather than failing every press.
	attempt.catch(() => {
		if (reading === attempt) reading = undefined;
	});
	reading = attempt;
	return attempt;
}

/** Follows (or with `follow` false, unfollows) the platform; throws the server's refusal. */
export async function setFollowing(platformId: number, follow: boolean): Promise<Follow[]> {
	const { follows } = await apiRequest<{ follows: Follow[] }>(
		follow ? 'POST' : 'DELETE',
		`/api/platforms/${platformId}/follow`,
		follow ? { attribution: readAttribution() } : undefined,
	);
	writes += 1;
	$follows.set(follows);
	return follows;
}

export function isFollowing(follows: Follow[] | undefined, platformId: number): boolean {
	return follows?.some((follow) => follow.platformId === platformId) ?? false;
}
