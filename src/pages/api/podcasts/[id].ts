/**
 * One podcast episode. GET: a draft is 404 except for editors. PUT (editors): replaces the
 * editable fields, answers the episode. DELETE (editors).
 */
import { episodeInputSchema } from '@/lib/validation/episodes';
import { canViewDrafts, requireEditor } from '@/server/auth/permissions';
import { deleteEpisode, getEpisode, updateEpisode } from '@/server/content/podcasts';
import { NotFound } from '@/server/errors';
import { endpoint, json, personalJson, publicJson, readId, readJson } from '@/server/http/endpoint';

export const prerender = false;

const EPISODE_NOT_FOUND = 'Episode not found';

export const GET = endpoint('public', async (ctx) => {
	const episode = await getEpisode(readId(ctx.params.id), { includeDrafts: canViewDrafts(ctx.locals.user) });
	if (!episode) throw new NotFound(EPISODE_NOT_FOUND);
	// A draft reaches editors only: that answer is theirs, the public one is a 404.
	return episode.isPublished ? publicJson(episode, ctx) : personalJson(episode);
});

export const PUT = endpoint('personal', async (ctx) => {
	const editor = requireEditor(ctx.locals);
	const id = readId(ctx.params.id);
	const episode = await updateEpisode(id, await readJson(ctx.request, episodeInputSchema), {
		authorId: editor.id,
	});
	if (!episode) throw new NotFound(EPISODE_NOT_FOUND);
	return json(episode);
});

export const DELETE = endpoint('personal', async (ctx) => {
	requireEditor(ctx.locals);
	if (!(await deleteEpisode(readId(ctx.params.id)))) throw new NotFound(EPISODE_NOT_FOUND);
	return json({ message: 'Episode deleted' });
});
