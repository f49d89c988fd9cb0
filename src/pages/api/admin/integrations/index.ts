import { integrationInputSchema } from '@/lib/validation/api-v1';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { createIntegration, listIntegrations } from '@/server/integrations/keys';

export const prerender = false;

/** The integrations in use: name, createdAt, lastUsedAt (never the keys). */
export const GET = endpoint('personal', async ({ locals }) => {
	requireEditor(locals);
	return json(await listIntegrations());
});

/** A new integration: 201 with both keys, shown this once. */
export const POST = endpoint('personal', async ({ locals, request }) => {
	requireEditor(locals);
	const { name } = await readJson(request, integrationInputSchema);
	return json(await createIntegration(name), 201);
});
