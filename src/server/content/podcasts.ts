/**
 * Podcast episodes: the public list for /podcast, the feed, the sitemap and search (published
 * episodes only), with full-text search (FTS5 over title, description and tags) and the four
 * sort keys of the list (date, title, duration, episode number); the editors' list with drafts,
 * and their create, update and delete.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { EpisodeRow } from '@db/schema';
import { authorOf, type Author } from '@/lib/author-name';
import { DEMO_AUDIO_BYTES } from '@/lib/demo-audio';
import type { PodcastListQuery } from '@/lib/validation/content';
import type { EditorEpisodeListQuery, EpisodeInput } from '@/lib/validation/episodes';
import { publishChange } from '@/server/changes/content-changes';
import { recordPartnerEvent } from '@/server/changes/partner-events';
import { episodePath } from '@/lib/public-paths';
import { byEngine, db, firstRow, podcastEpisodes, transaction, users, type Reader } from '@/server/db';
import {
	forgetSlugs,
	renameSlug,
	savingSlug,
	slugAfterInsert,
	slugForNewItem,
} from '@/server/addresses/slugs';
import { lockedForUpdate, nocase } from '@/server/db/sql';
import { deleteRevisions, recordRevision, type SaveBy } from '@/server/revisions/store';
import { editConflict, publication, savedSince } from './publication';
import { endPreviewLinks } from './preview-ends';
import { podcastSearchCondition } from './search/episodes.postgres';
import { sqliteEpisodeSearch } from './search/episodes.sqlite';

/** The episode search, by engine: FTS5 on SQLite, the tsvector index on PostgreSQL (same matches). */
const episodeSearch = byEngine({
	sqlite: () => sqliteEpisodeSearch,
	postgres: () => podcastSearchCondition,
});

/** An episode as the API returns it. */
export type PodcastEpisode = Pick<
	EpisodeRow,
	| 'id'
	| 'slug'
	| 'title'
	| 'description'
	| 'imageUrl'
	| 'audioUrl'
	| 'duration'
	| 'episodeNumber'
	| 'seasonNumber'
	| 'publishedAt'
	| 'tags'
	| 'audioBytes'
	| 'audioType'
	| 'isPublished'
	| 'publishAt'
	| 'updatedAt'
	| 'slug'
	| 'metaTitle'
	| 'metaDescription'
> & { author: Author | null };

/**
 * ORDER BY for each sort key; ties fall back to id so the order is stable. Episode numbers may
 * restart each season, so 'episodeNumber' orders by season first.
 */
function episodeOrder(query: Pick<PodcastListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
	const direction = query.sortOrder === 'asc' ? asc : desc;
	switch (query.sortBy) {
		case 'title':
			return [direction(nocase(podcastEpisodes.title)), direction(podcastEpisodes.id)];
		case 'duration':
			return [direction(podcastEpisodes.duration), direction(podcastEpisodes.id)];
		case 'episodeNumber':
			return [
				direction(podcastEpisodes.seasonNumber),
				direction(podcastEpisodes.episodeNumber),
				direction(podcastEpisodes.id),
			];
		default:
			return [direction(podcastEpisodes.publishedAt), direction(podcastEpisodes.id)];
	}
}

/**
 * The columns an answer reads. Built on each call: the table bindings are the running
 * engine's, chosen at start, after this module may have loaded.
 */
/** The columns the episode form edits, as its revisions keep them. */
const episodeFormColumns = () => ({
	title: podcastEpisodes.title,
	description: podcastEpisodes.description,
	imageUrl: podcastEpisodes.imageUrl,
	audioUrl: podcastEpisodes.audioUrl,
	audioBytes: podcastEpisodes.audioBytes,
	audioType: podcastEpisodes.audioType,
	duration: podcastEpisodes.duration,
	episodeNumber: podcastEpisodes.episodeNumber,
	seasonNumber: podcastEpisodes.seasonNumber,
	tags: podcastEpisodes.tags,
	isPublished: podcastEpisodes.isPublished,
	publishAt: podcastEpisodes.publishAt,
	metaTitle: podcastEpisodes.metaTitle,
	metaDescription: podcastEpisodes.metaDescription,
});

const episodeColumns = () => ({
	id: podcastEpisodes.id,
	slug: podcastEpisodes.slug,
	...episodeFormColumns(),
	publishedAt: podcastEpisodes.publishedAt,
	updatedAt: podcastEpisodes.updatedAt,
	authorUsername: users.username,
	authorDisplayName: users.displayName,
});

type EpisodeListRow = Omit<PodcastEpisode, 'author'> & {
	authorUsername: string | null;
	authorDisplayName: string | null;
};

function toEpisode({ authorUsername, authorDisplayName, ...row }: EpisodeListRow): PodcastEpisode {
	return { ...row, author: authorOf(authorUsername, authorDisplayName) };
}

/** Which episodes a list shows: its search, and published ones, drafts or both. */
function episodeFilter(
	search: string | undefined,
	status: 'draft' | 'published' | undefined,
): SQL | undefined {
	return and(
		episodeSearch()(search),
		status === undefined ? undefined : eq(podcastEpisodes.isPublished, status === 'published'),
	);
}

/** The public list query (published episodes), unexecuted, so tests can EXPLAIN it. */
export function episodeListQuery(database: Reader, query: PodcastListQuery) {
	return editorEpisodeListQuery(database, { ...query, status: 'published' });
}

function editorEpisodeListQuery(database: Reader, query: EditorEpisodeListQuery) {
	const list = database
		.select(episodeColumns())
		.from(podcastEpisodes)
		.leftJoin(users, eq(podcastEpisodes.authorId, users.id))
		.where(episodeFilter(query.search, query.status))
		.orderBy(...episodeOrder(query))
		.$dynamic();
	return query.limit === undefined ? list : list.limit(query.limit).offset(query.offset);
}

/** What visitors see: published episodes only. */
export async function listEpisodes(query: PodcastListQuery): Promise<PodcastEpisode[]> {
	return (await episodeListQuery(db(), query)).map(toEpisode);
}

/**
 * The editors' list: drafts included (or only drafts or only published, by status), with the
 * number of matching episodes so a page can say "of n"; both read in one snapshot.
 */
export async function listAllEpisodes(
	query: EditorEpisodeListQuery,
): Promise<{ episodes: PodcastEpisode[]; total: number }> {
	return transaction(async (tx) => {
		const rows = await editorEpisodeListQuery(tx, query);
		const [counted] = await tx
			.select({ total: count() })
			.from(podcastEpisodes)
			.where(episodeFilter(query.search, query.status));
		return { episodes: rows.map(toEpisode), total: Number(counted?.total ?? 0) };
	});
}

/** One episode; a draft only when includeDrafts (editors). */
export async function getEpisode(
	id: number,
	{ includeDrafts }: { includeDrafts: boolean },
): Promise<PodcastEpisode | undefined> {
	const row = await firstRow(
		db()
			.select(episodeColumns())
			.from(podcastEpisodes)
			.leftJoin(users, eq(podcastEpisodes.authorId, users.id))
			.where(
				and(eq(podcastEpisodes.id, id), includeDrafts ? undefined : eq(podcastEpisodes.isPublished, true)),
			),
	);
	return row && toEpisode(row);
}

/**
 * Records for partners' webhooks, in the save's transaction, that an episode went public (by its
 * save or its scheduled time).
 */
export async function announceEpisode(
	tx: Reader,
	episode: { id: number; slug: string; title: string; isPublished: boolean | null },
	at: Date,
): Promise<void> {
	if (!episode.isPublished) return;
	await recordPartnerEvent(
		tx,
		{
			type: 'episode.published',
			data: { id: episode.id, slug: episode.slug, title: episode.title, path: episodePath(episode.slug) },
		},
		at,
	);
}

async function mustGet(id: number): Promise<PodcastEpisode> {
	const episode = await getEpisode(id, { includeDrafts: true });
	if (!episode) throw new Error(`Episode ${id} vanished right after it was written`);
	return episode;
}

/**
 * The stored columns of an editor's input. Audio served by the site itself (the demo clips)
 * has a known size, so the feed's enclosure length is exact without the editor typing it.
 */
function episodeValues(
	{ expectedUpdatedAt: _loaded, autosave: _autosave, slug: _address, ...input }: EpisodeInput,
	now: Date,
) {
	return {
		...publication(input, now),
		audioBytes: input.audioBytes ?? DEMO_AUDIO_BYTES[input.audioUrl] ?? null,
		updatedAt: now,
	};
}

/** A new episode by the editor; published now, scheduled, or kept as a draft. */
export async function createEpisode(input: EpisodeInput, authorId: number): Promise<PodcastEpisode> {
	const now = new Date();
	const { updatedAt: _now, ...fields } = episodeValues(input, now);
	const id = await savingSlug(() =>
		transaction(async (tx) => {
			const slug = await slugForNewItem(tx, 'episode', fields.title, input.slug);
			const [created] = await tx
				.insert(podcastEpisodes)
				.values({ ...fields, slug, authorId, publishedAt: now, updatedAt: now })
				.returning({ id: podcastEpisodes.id });
			await slugAfterInsert(tx, 'episode', created!.id, slug);
			await recordRevision(tx, {
				type: 'episode',
				itemId: created!.id,
				fields,
				by: { authorId },
				created: true,
				at: now,
			});
			await announceEpisode(tx, { ...fields, id: created!.id, slug }, now);
			return created!.id;
		}),
	);
	publishChange({ kind: 'episode', id });
	return mustGet(id);
}

/**
 * Replaces the editable fields; the author stays the original one, and the save is kept as a
 * revision by whoever made it (a restore included). A draft that is published takes the time of
 * publishing as its date, so it shows as the newest episode rather than at the day its draft was
 * started. With expectedUpdatedAt, a save over another editor's later one is refused (the row is
 * locked while compared). Undefined when missing. The slug changes only when given, and
 * revisions do not keep it (a restore never moves the address).
 */
export async function updateEpisode(
	id: number,
	input: EpisodeInput,
	by: SaveBy,
): Promise<PodcastEpisode | undefined> {
	const now = new Date();
	const { updatedAt: _now, ...fields } = episodeValues(input, now);
	const updated = await savingSlug(() =>
		transaction(async (tx) => {
			const current = await firstRow(
				lockedForUpdate(
					tx
						.select({
							...episodeFormColumns(),
							slug: podcastEpisodes.slug,
							updatedAt: podcastEpisodes.updatedAt,
							authorId: podcastEpisodes.authorId,
						})
						.from(podcastEpisodes)
						.where(eq(podcastEpisodes.id, id)),
				),
			);
			if (!current) return undefined;
			const { updatedAt, authorId, slug: currentSlug, ...before } = current;
			if (savedSince(updatedAt, input.expectedUpdatedAt)) throw editConflict('episode', updatedAt);
			const slug = input.slug ?? currentSlug;
			await renameSlug(tx, 'episode', id, currentSlug, slug);
			const publishing = input.isPublished && !before.isPublished;
			await tx
				.update(podcastEpisodes)
				.set({ ...fields, slug, updatedAt: now, ...(publishing ? { publishedAt: now } : {}) })
				.where(eq(podcastEpisodes.id, id));
			if (publishing) await endPreviewLinks(tx, 'episode', [id]);
			await recordRevision(tx, {
				type: 'episode',
				itemId: id,
				fields,
				by: { ...by, autosave: input.autosave },
				before,
				beforeAuthorId: authorId,
				at: now,
			});
			if (publishing) await announceEpisode(tx, { ...fields, id, slug }, now);
			return { publishing };
		}),
	);
	if (!updated) return undefined;
	publishChange({ kind: 'episode', id });
	return mustGet(id);
}

/** True when an episode was deleted (its revisions go with it). */
export async function deleteEpisode(id: number): Promise<boolean> {
	const deleted = await transaction(async (tx) => {
		const [row] = await tx
			.delete(podcastEpisodes)
			.where(eq(podcastEpisodes.id, id))
			.returning({ slug: podcastEpisodes.slug });
		if (row) {
			await deleteRevisions(tx, 'episode', id);
			await forgetSlugs(tx, 'episode', id);
		}
		return row;
	});
	if (!deleted) return false;
	publishChange({ kind: 'episode', id, slug: deleted.slug });
	return true;
}
