import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { createPlatform } from '@/server/platforms/directory';
import { platformFormSchema } from '@/lib/validation/platforms';

export const prerender = false;

/**
 * Creates a platform. Editors manage platforms, since the platform panel lives in the editor
 * dashboard.
 */
export const POST = endpoint(async ({ request, locals }) => {
	requireEditor(locals);
	return json(await createPlatform(await readJson(request, platformFormSchema)), 201);
});
