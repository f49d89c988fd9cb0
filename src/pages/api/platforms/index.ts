import { endpoint, json, readQuery } from '../../../server/http';
import { listPlatforms } from '../../../server/platforms';
import { platformListQuerySchema } from '../../../lib/validation/platforms';

export const prerender = false;

/** The directory listing: search, category, sortBy/sortOrder, limit/offset (SPEC 7). */
export const GET = endpoint(({ url }) =>
	json(listPlatforms(readQuery(url, platformListQuerySchema))),
);
