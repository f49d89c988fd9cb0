import { endpoint, json } from '../../../server/http';
import { listPages } from '../../../server/content/pages';

export const prerender = false;

/** Every static page (public). */
export const GET = endpoint(() => json(listPages()));
