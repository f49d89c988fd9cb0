import { TOTAL_COUNT_HEADER } from '@/lib/api-client';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readJson, readQuery } from '@/server/http/endpoint';
import { createPlatform, listPlatformsWithTotal } from '@/server/platforms/directory';
import { platformFormSchema, platformListQuerySchema } from '@/lib/validation/platforms';

export const prerender = false;

/**
 * The editors' listing: the public one's query (search, category, sort, limit/offset) with
 * X-Total-Count, uncached, so the dashboard can say "Showing 1–25 of N".
 */
export const GET = endpoint('personal', async ({ url, locals }) => {
	requireEditor(locals);
	const { platforms, total } = await listPlatformsWithTotal(readQuery(url, platformListQuerySchema));
	return json(platforms, 200, { [TOTAL_COUNT_HEADER]: String(total) });
});

/**
 * Creates a platform. Editors manage platforms, since the platform panel lives in the editor
 * dashboard.
 */
export const POST = endpoint('personal', async ({ request, locals }) => {
	const editor = requireEditor(locals);
	return json(
		await createPlatform(await readJson(request, platformFormSchema), { authorId: editor.id }),
		201,
	);
});
