import { requireEditor } from '@/server/auth/permissions';
import { getStaticPage, updateStaticPage } from '@/server/content/static-pages';
import { endpoint, json, publicJson, readJson } from '@/server/http/endpoint';
import { staticPageInputSchema } from '@/lib/validation/content';
import { NotFound } from '@/server/errors';

export const prerender = false;

const PAGE_NOT_FOUND = 'Page not found';

export const GET = endpoint('public', async (ctx) => {
	const page = await getStaticPage(ctx.params.slug ?? '');
	if (!page) throw new NotFound(PAGE_NOT_FOUND);
	return publicJson(page, ctx);
});

/** Editors change a page's title and markdown content; answers the saved page. */
export const PUT = endpoint('personal', async (ctx) => {
	const editor = requireEditor(ctx.locals);
	const input = await readJson(ctx.request, staticPageInputSchema);
	const page = await updateStaticPage(ctx.params.slug ?? '', input, { authorId: editor.id });
	if (!page) throw new NotFound(PAGE_NOT_FOUND);
	return json(page);
});
