import { endpoint, publicJson, readId } from '@/server/http/endpoint';
import { ratingBreakdown } from '@/server/community/reviews';
import { getPlatform } from '@/server/platforms/directory';

export const prerender = false;

/** The platform with its ratings' distribution over the stars and its sub-score averages. */
export const GET = endpoint('public', async ({ params, url }) => {
	const platform = await getPlatform(readId(params.id, 'platform id'));
	return publicJson({ ...platform, ...(await ratingBreakdown(platform.id)) }, { url });
});
