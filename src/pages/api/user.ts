import { requireUser } from '@/server/auth/permissions';
import { endpoint, json } from '@/server/http/endpoint';

export const prerender = false;

/** The signed-in user; 401 means "anonymous" to the client, not an error. */
export const GET = endpoint('personal', ({ locals }) => json(requireUser(locals)));
