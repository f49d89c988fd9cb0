/**
 * An editor's save of a platform's form (the dashboard's form, or a restored revision): the
 * directory saves it; when its website's registrable domain changed, the platform's numbers are
 * recounted, since reviewers with a work email at the old or new domain change side.
 */
import {
	getPlatform,
	storedWebsiteDomain,
	updatePlatform,
	websiteDomainOf,
	type PlatformJson,
} from '@/server/platforms/directory';
import { recountPlatforms } from '@/server/community/reviews';
import type { PlatformForm } from '@/lib/validation/platforms';
import type { SaveBy } from '@/server/revisions/store';

export async function savePlatform(id: number, input: PlatformForm, by: SaveBy): Promise<PlatformJson> {
	const before = await storedWebsiteDomain(id);
	const saved = await updatePlatform(id, input, by);
	if (websiteDomainOf(input.websiteUrl) === before) return saved;
	await recountPlatforms([id]);
	return getPlatform(id); // with the recounted numbers
}
