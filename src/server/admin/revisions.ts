/**
 * The editors' revisions of articles, pages, platforms and episodes: listing an item's, reading
 * one with its diff, and restoring one. A restore is an ordinary save through the item's own
 * service, so it is kept as a new revision, its pages regenerate and the change stream tells
 * every node, exactly as after an edit in the form.
 */
import type { z } from 'zod';
import type { RevisionSubject } from '@/lib/column-values';
import { articleInputSchemas, staticPageInputSchema } from '@/lib/validation/content';
import { episodeInputSchema } from '@/lib/validation/episodes';
import { platformFormSchema } from '@/lib/validation/platforms';
import { articleKindOf, updateArticle } from '@/server/content/articles';
import { getEpisode, updateEpisode } from '@/server/content/podcasts';
import { getStaticPageById, updateStaticPage } from '@/server/content/static-pages';
import { InvalidInput, NotFound } from '@/server/errors';
import { findPlatform } from '@/server/platforms/directory';
import { savePlatform } from './platforms';
import {
	getRevision,
	listRevisions,
	type RevisionDetail,
	type RevisionEntry,
	type RevisionFields,
} from '@/server/revisions/store';

export const REVISION_NOT_FOUND = 'Revision not found';

const NOUNS: Record<RevisionSubject, string> = {
	article: 'article',
	page: 'page',
	platform: 'platform',
	episode: 'episode',
};

async function itemExists(type: RevisionSubject, id: number): Promise<boolean> {
	switch (type) {
		case 'article':
			return (await articleKindOf(id)) !== undefined;
		case 'page':
			return (await getStaticPageById(id)) !== undefined;
		case 'platform':
			return (await findPlatform(id)) !== undefined;
		case 'episode':
			return (await getEpisode(id, { includeDrafts: true })) !== undefined;
	}
}

/** The item's revisions, newest first; 404 when there is no such item. */
export async function itemRevisions(type: RevisionSubject, id: number): Promise<RevisionEntry[]> {
	if (!(await itemExists(type, id))) throw new NotFound(`No ${NOUNS[type]} with id ${id}.`);
	return listRevisions(type, id);
}

/** One revision with its fields and its diff from the revision before; 404 when unknown. */
export async function revisionDetail(id: number): Promise<RevisionDetail> {
	const revision = await getRevision(id);
	if (!revision) throw new NotFound(REVISION_NOT_FOUND);
	return revision;
}

/**
 * The stored fields read again by the form's own rules, so a restore saves nothing an edit
 * could not; a rule that changed since (a category gone) refuses it with that rule's sentence.
 */
function formOf<S extends z.ZodType>(schema: S, fields: RevisionFields): z.output<S> {
	const parsed = schema.safeParse(fields);
	if (!parsed.success) {
		throw new InvalidInput(
			`This revision can no longer be restored: ${parsed.error.issues[0]?.message ?? 'a field is not valid.'}`,
		);
	}
	return parsed.data;
}

/** A schedule whose time has passed would be refused; restored, the article stays a plain draft. */
function withoutPastSchedule(fields: RevisionFields, now = Date.now()): RevisionFields {
	const at = typeof fields.publishAt === 'string' ? Date.parse(fields.publishAt) : Number.NaN;
	return Number.isNaN(at) || at > now ? fields : { ...fields, publishAt: null };
}

/** Makes the revision the item's current version, as a new revision by the editor; answers that one. */
export async function restoreRevision(id: number, editorId: number): Promise<RevisionEntry> {
	const revision = await revisionDetail(id);
	const by = { authorId: editorId, restoredFrom: revision.id };
	const gone = new NotFound(`The ${NOUNS[revision.type]} of this revision no longer exists.`);
	switch (revision.type) {
		case 'article': {
			const kind = await articleKindOf(revision.itemId);
			if (!kind) throw gone;
			const input = formOf(articleInputSchemas[kind], withoutPastSchedule(revision.fields));
			if (!(await updateArticle(kind, revision.itemId, input, by))) throw gone;
			break;
		}
		case 'page': {
			const page = await getStaticPageById(revision.itemId);
			if (!page) throw gone;
			const input = formOf(staticPageInputSchema, revision.fields);
			if (!(await updateStaticPage(page.slug, input, by))) throw gone;
			break;
		}
		case 'platform': {
			if (!(await findPlatform(revision.itemId))) throw gone;
			await savePlatform(revision.itemId, formOf(platformFormSchema, revision.fields), by);
			break;
		}
		case 'episode': {
			const input = formOf(episodeInputSchema, revision.fields);
			if (!(await updateEpisode(revision.itemId, input, by))) throw gone;
			break;
		}
	}
	const [restored] = await listRevisions(revision.type, revision.itemId);
	return restored!;
}
