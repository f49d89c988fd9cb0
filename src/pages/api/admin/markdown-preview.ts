import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { renderMarkdown } from '@/server/content/markdown';
import { markdownPreviewSchema } from '@/lib/validation/admin';

export const prerender = false;

/**
 * The editor's Preview tab: the same renderMarkdown (marked + DOMPurify) as the public pages,
 * so what the editor previews is what visitors get, and no markdown library ships to islands.
 */
export const POST = endpoint('personal', async ({ locals, request }) => {
	requireEditor(locals);
	const { content } = await readJson(request, markdownPreviewSchema);
	return json({ html: renderMarkdown(content) });
});
