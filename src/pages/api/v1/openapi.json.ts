import { endpoint, publicJson } from '@/server/http/endpoint';
import { openApiDocument } from '@/server/integrations/openapi';

export const prerender = false;

/** The OpenAPI 3.1 document of /api/v1, generated from the routes' schemas (no key needed). */
export const GET = endpoint('public', (ctx) => publicJson(openApiDocument(), ctx));
