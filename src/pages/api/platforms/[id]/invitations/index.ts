/**
 * A platform's review invitation links (issue 47): POST makes one (201 { id, token, url,
 * expiresAt }), GET lists them (used and expired ones too). Only the platform's representative;
 * anyone else signed in gets 403.
 */
import { requireActiveUser } from '@/server/auth/permissions';
import { createInvitation, listInvitations } from '@/server/community/invitations';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

export const POST = endpoint('personal', async ({ params, locals }) => {
	const user = requireActiveUser(locals);
	return json(await createInvitation(readId(params.id, 'platform id'), user), 201);
});

export const GET = endpoint('personal', async ({ params, locals }) => {
	const user = requireActiveUser(locals);
	return json(await listInvitations(readId(params.id, 'platform id'), user));
});
