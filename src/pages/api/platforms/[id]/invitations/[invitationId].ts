/** Revokes an unused review invitation link of the platform: its representative only (204). */
import { requireActiveUser } from '@/server/auth/permissions';
import { revokeInvitation } from '@/server/community/invitations';
import { endpoint, parseWith, readId } from '@/server/http/endpoint';
import { invitationIdSchema } from '@/lib/validation/platforms';

export const prerender = false;

export const DELETE = endpoint('personal', async ({ params, locals }) => {
	const user = requireActiveUser(locals);
	const platformId = readId(params.id, 'platform id');
	await revokeInvitation(platformId, parseWith(invitationIdSchema, params.invitationId), user);
	return new Response(null, { status: 204 });
});
