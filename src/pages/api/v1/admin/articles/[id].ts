import { z } from 'zod';
import { articleInputSchemas } from '@/lib/validation/content';
import { json, parseWith, readId, readJson } from '@/server/http/endpoint';
import { v1Endpoint } from '@/server/integrations/api-v1';
import {
	KIND_CANNOT_CHANGE,
	deleteArticleAt,
	kindOfArticle,
	updateArticleAs,
} from '@/server/integrations/content-api';
import { InvalidInput } from '@/server/errors';

export const prerender = false;

/** Replaces an article's fields (the dashboard editor's); its kind stays. Answers id, slug, url. */
export const PUT = v1Endpoint('admin', async (ctx, holder) => {
	const id = readId(ctx.params.id, 'article id');
	const body = await readJson(ctx.request, z.looseObject({ kind: z.unknown().optional() }));
	const kind = await kindOfArticle(id);
	if (body.kind !== undefined && body.kind !== kind) throw new InvalidInput(KIND_CANNOT_CHANGE, 'kind');
	return json(await updateArticleAs(holder, kind, id, parseWith(articleInputSchemas[kind], body)));
});

/** Deletes an article (its revisions go with it). */
export const DELETE = v1Endpoint('admin', async (ctx) => {
	await deleteArticleAt(readId(ctx.params.id, 'article id'));
	return json({ message: 'Article deleted' });
});
