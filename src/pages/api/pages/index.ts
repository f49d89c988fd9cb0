import { endpoint, publicJson } from '@/server/http/endpoint';
import { listStaticPages } from '@/server/content/static-pages';

export const prerender = false;

/** Every static page (public). */
export const GET = endpoint('public', async ({ url }) => publicJson(await listStaticPages(), { url }));
