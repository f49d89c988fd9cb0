import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { revokeIntegration } from '@/server/integrations/keys';
import { NotFound } from '@/server/errors';

export const prerender = false;

/** Revokes both keys of the integration at once, on every node. */
export const DELETE = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	if (!(await revokeIntegration(readId(params.id, 'integration id')))) {
		throw new NotFound('No integration in use has this id.');
	}
	return json({ message: 'Integration revoked: both its keys stopped working.' });
});
