import { endpoint } from '@/server/http';
import { publicJson } from '@/server/shared-answers';
import { listPages } from '@/server/content/pages';

export const prerender = false;

/** Every static page (public). */
export const GET = endpoint(async ({ locals }) => publicJson(await listPages(), locals));
