import { v1ArticleCreateSchema } from '@/lib/validation/api-v1';
import { json, readJson } from '@/server/http/endpoint';
import { v1Endpoint } from '@/server/integrations/api-v1';
import { createArticleAs } from '@/server/integrations/content-api';

export const prerender = false;

/** Creates an article with the dashboard editor's fields and its kind: 201 with id, slug, url. */
export const POST = v1Endpoint('admin', async (ctx, holder) => {
	const { kind, ...input } = await readJson(ctx.request, v1ArticleCreateSchema);
	return json(await createArticleAs(holder, kind, input), 201);
});
