/**
 * The news and education endpoints are the same but for the kind, so both route folders take
 * their handlers from this factory (src/pages/api/news/*, src/pages/api/education/*).
 */
import type { APIRoute } from 'astro';
import {
	articleInputSchemas,
	articleListQuerySchema,
	editorArticleListQuerySchema,
} from '@/lib/validation/content';
import type { ArticleKind } from '@/lib/column-values';
import { TOTAL_COUNT_HEADER } from '@/lib/api-client';
import { canViewDrafts, requireEditor } from '@/server/auth/permissions';
import {
	endpoint,
	json,
	personalJson,
	publicJson,
	readId,
	readJson,
	readQuery,
} from '@/server/http/endpoint';
import { createArticle, deleteArticle, getArticle, listAll, listPublished, updateArticle } from './articles';
import { NotFound } from '@/server/errors';

export const ARTICLE_NOT_FOUND = 'Article not found';

const DELETED_MESSAGES: Record<ArticleKind, string> = {
	news: 'News article deleted',
	education: 'Education article deleted',
};

export type ArticleRoutes = {
	/** GET /api/{kind}: published articles; query search, category, sortBy, sortOrder, limit, offset. */
	list: APIRoute;
	/**
	 * GET /api/{kind}/all (editors): an array of every article, drafts included, unless limit
	 * asks for a page; status=draft|published narrows it. X-Total-Count says how many match.
	 */
	listAll: APIRoute;
	/** GET /api/{kind}/{id}: a draft is 404 except for editors. */
	get: APIRoute;
	/** POST /api/{kind} (editors): 201 with the article. */
	create: APIRoute;
	/** PUT /api/{kind}/{id} (editors): the updated article. */
	update: APIRoute;
	/** DELETE /api/{kind}/{id} (editors). */
	remove: APIRoute;
};

export function articleRoutes(kind: ArticleKind): ArticleRoutes {
	const inputSchema = articleInputSchemas[kind];
	return {
		list: endpoint('public', async (ctx) =>
			publicJson(await listPublished(kind, readQuery(ctx.url, articleListQuerySchema)), ctx),
		),

		listAll: endpoint('personal', async (ctx) => {
			requireEditor(ctx.locals);
			const { articles, total } = await listAll(kind, readQuery(ctx.url, editorArticleListQuerySchema));
			return json(articles, 200, { [TOTAL_COUNT_HEADER]: String(total) });
		}),

		get: endpoint('public', async (ctx) => {
			const id = readId(ctx.params.id);
			const article = await getArticle(kind, id, { includeDrafts: canViewDrafts(ctx.locals.user) });
			if (!article) throw new NotFound(ARTICLE_NOT_FOUND);
			// A draft reaches editors only: that answer is theirs, the public one is a 404.
			return article.isPublished ? publicJson(article, ctx) : personalJson(article);
		}),

		create: endpoint('personal', async (ctx) => {
			const editor = requireEditor(ctx.locals);
			const input = await readJson(ctx.request, inputSchema);
			return json(await createArticle(kind, input, editor.id), 201);
		}),

		update: endpoint('personal', async (ctx) => {
			const editor = requireEditor(ctx.locals);
			const id = readId(ctx.params.id);
			const input = await readJson(ctx.request, inputSchema);
			const article = await updateArticle(kind, id, input, { authorId: editor.id });
			if (!article) throw new NotFound(ARTICLE_NOT_FOUND);
			return json(article);
		}),

		remove: endpoint('personal', async (ctx) => {
			requireEditor(ctx.locals);
			if (!(await deleteArticle(kind, readId(ctx.params.id)))) throw new NotFound(ARTICLE_NOT_FOUND);
			return json({ message: DELETED_MESSAGES[kind] });
		}),
	};
}
