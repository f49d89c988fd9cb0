/**
 * Any /api/ path no route matches: API clients get JSON `{ "message" }` with the 404, not the
 * HTML page readers get. More specific routes always win over this one.
 */
import { endpoint, errorResponse, NO_SUCH_ENDPOINT } from '@/server/http/endpoint';

export const prerender = false;

/** The same refusal for everyone who asks. */
const notFound = endpoint('public', () => errorResponse(404, NO_SUCH_ENDPOINT));

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
