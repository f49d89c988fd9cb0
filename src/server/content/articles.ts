/**
 * News and education articles: the public lists, the editors' lists, reading one, and the
 * editors' create, update and delete. Both kinds share the `articles` table, told apart by kind;
 * every query here filters by kind, so an id of the other kind is simply not found.
 */
import { and, eq } from 'drizzle-orm';
import type { ArticleKind } from '@/lib/column-values';
import type { ArticleInput, ArticleListQuery, EditorArticleListQuery } from '@/lib/validation/content';
import { byEngine, db, firstRow, articles, transaction, users, type Reader } from '@/server/db';
import {
	forgetSlugs,
	renameSlug,
	savingSlug,
	slugAfterInsert,
	slugForNewItem,
} from '@/server/addresses/slugs';
import { endPreviewLinks } from './preview-ends';
import { lockedForUpdate } from '@/server/db/sql';
import { publishChange } from '@/server/changes/content-changes';
import { recordPartnerEvent } from '@/server/changes/partner-events';
import { articlePath } from '@/lib/public-paths';
import { authorOf, type Author } from '@/lib/author-name';
import { deleteRevisions, recordRevision, type SaveBy } from '@/server/revisions/store';
import { editConflict, publication, savedSince } from './publication';
import { articleColumnsOf, articleFormColumnsOf } from './search/article-columns';
import type { ArticleListRow } from './search/articles';
import { postgresArticleLists } from './search/articles.postgres';
import { sqliteArticleLists } from './search/articles.sqlite';

/** An article as the API returns it (dates become ISO strings in JSON). */
export type Article = Omit<ArticleListRow, 'authorUsername' | 'authorDisplayName'> & {
	author: Author | null;
};

function toArticle({ authorUsername, authorDisplayName, ...row }: ArticleListRow): Article {
	return { ...row, author: authorOf(authorUsername, authorDisplayName) };
}

/** The article lists with their search, by engine: FTS5 on SQLite, tsvector on PostgreSQL. */
const articleLists = byEngine({
	sqlite: () => sqliteArticleLists(db),
	postgres: (pool) => postgresArticleLists(pool),
});

async function readList(
	kind: ArticleKind,
	query: ArticleListQuery,
	publishedOnly: boolean,
): Promise<Article[]> {
	return (await articleLists().list(kind, query, publishedOnly)).map(toArticle);
}

/** What visitors see: published articles only. */
export function listPublished(kind: ArticleKind, query: ArticleListQuery): Promise<Article[]> {
	return readList(kind, query, true);
}

/**
 * The editors' list: drafts included (or only drafts or only published, by status), with the
 * number of matching articles so a page can say "of n"; both read in one snapshot.
 */
export async function listAll(
	kind: ArticleKind,
	query: EditorArticleListQuery,
): Promise<{ articles: Article[]; total: number }> {
	const { rows, total } = await articleLists().listWithTotal(kind, query);
	return { articles: rows.map(toArticle), total };
}

/** One article of the kind; a draft only when includeDrafts (editors). */
export async function getArticle(
	kind: ArticleKind,
	id: number,
	{ includeDrafts }: { includeDrafts: boolean },
): Promise<Article | undefined> {
	const row = await firstRow(
		db()
			.select(articleColumnsOf(articles, users))
			.from(articles)
			.leftJoin(users, eq(articles.authorId, users.id))
			.where(
				and(
					eq(articles.id, id),
					eq(articles.kind, kind),
					includeDrafts ? undefined : eq(articles.isPublished, true),
				),
			),
	);
	return row && toArticle(row);
}

/**
 * Records for partners' webhooks, in the save's transaction, a save of a public article:
 * `published` when this save (or its scheduled time) made it public. Drafts are never announced.
 */
export async function announceArticle(
	tx: Reader,
	kind: ArticleKind,
	article: { id: number; slug: string; title: string; isPublished: boolean | null },
	published: boolean,
	at: Date,
): Promise<void> {
	if (!article.isPublished) return;
	await recordPartnerEvent(
		tx,
		{
			type: published ? 'article.published' : 'article.updated',
			data: {
				id: article.id,
				kind,
				slug: article.slug,
				title: article.title,
				path: articlePath(kind, article.slug),
			},
		},
		at,
	);
}

async function mustGet(kind: ArticleKind, id: number): Promise<Article> {
	const article = await getArticle(kind, id, { includeDrafts: true });
	if (!article) throw new Error(`Article ${id} vanished right after it was written`);
	return article;
}

export async function createArticle(
	kind: ArticleKind,
	input: ArticleInput,
	/** The editor's id, or who saved when that is not an editor (an integration). */
	by: number | SaveBy,
): Promise<Article> {
	const { authorId, integrationId } =
		typeof by === 'number' ? { authorId: by, integrationId: undefined } : by;
	const now = new Date();
	const { expectedUpdatedAt: _new, autosave: _unsaved, slug: given, ...edited } = input;
	const fields = publication(edited, now);
	const id = await savingSlug(() =>
		transaction(async (tx) => {
			const slug = await slugForNewItem(tx, kind, fields.title, given);
			const [created] = await tx
				.insert(articles)
				.values({ ...fields, slug, kind, authorId, createdAt: now, updatedAt: now })
				.returning({ id: articles.id });
			await slugAfterInsert(tx, kind, created!.id, slug);
			await recordRevision(tx, {
				type: 'article',
				itemId: created!.id,
				fields,
				by: { authorId, integrationId },
				created: true,
				at: now,
			});
			await announceArticle(tx, kind, { ...fields, id: created!.id, slug }, true, now);
			return created!.id;
		}),
	);
	publishChange({ kind: 'article', articleKind: kind, id });
	return mustGet(kind, id);
}

/** The columns of an article its form edits, as its revisions keep them. */
export function articleFormColumns() {
	return articleFormColumnsOf(articles);
}

/**
 * Replaces the editable fields; the author stays the original one, and the save is kept as a
 * revision by whoever made it (a restore included). Undefined when missing. With
 * expectedUpdatedAt, a save over another editor's later one is refused (the row is locked while
 * compared, so two saves at once cannot both pass). The slug changes only when given, and
 * revisions do not keep it (a restore never moves the address).
 */
export async function updateArticle(
	kind: ArticleKind,
	id: number,
	input: ArticleInput,
	by: SaveBy,
): Promise<Article | undefined> {
	const now = new Date();
	const { expectedUpdatedAt, autosave, slug: given, ...edited } = input;
	const fields = publication(edited, now);
	const updated = await savingSlug(() =>
		transaction(async (tx) => {
			const current = await firstRow(
				lockedForUpdate(
					tx
						.select({
							...articleFormColumns(),
							slug: articles.slug,
							updatedAt: articles.updatedAt,
							authorId: articles.authorId,
						})
						.from(articles)
						.where(and(eq(articles.id, id), eq(articles.kind, kind))),
				),
			);
			if (!current) return undefined;
			const { updatedAt, authorId, slug: currentSlug, ...before } = current;
			if (savedSince(updatedAt, expectedUpdatedAt)) throw editConflict('article', updatedAt);
			const slug = given ?? currentSlug;
			await renameSlug(tx, kind, id, currentSlug, slug);
			await tx
				.update(articles)
				.set({ ...fields, slug, updatedAt: now })
				.where(and(eq(articles.id, id), eq(articles.kind, kind)));
			if (fields.isPublished && !before.isPublished) await endPreviewLinks(tx, 'article', [id]);
			await recordRevision(tx, {
				type: 'article',
				itemId: id,
				fields,
				by: { ...by, autosave },
				before,
				beforeAuthorId: authorId,
				at: now,
			});
			const published = Boolean(fields.isPublished && !before.isPublished);
			// An autosave's many small saves are not each news for partners; the next save is.
			if (!autosave || published) await announceArticle(tx, kind, { ...fields, id, slug }, published, now);
			return { published };
		}),
	);
	if (!updated) return undefined;
	publishChange({ kind: 'article', articleKind: kind, id });
	return mustGet(kind, id);
}

/** True when an article was deleted (its revisions go with it). */
export async function deleteArticle(kind: ArticleKind, id: number): Promise<boolean> {
	const deleted = await transaction(async (tx) => {
		const [row] = await tx
			.delete(articles)
			.where(and(eq(articles.id, id), eq(articles.kind, kind)))
			.returning({ slug: articles.slug });
		if (row) {
			await deleteRevisions(tx, 'article', id);
			await forgetSlugs(tx, kind, id);
		}
		return row;
	});
	if (!deleted) return false;
	publishChange({ kind: 'article', articleKind: kind, id, slug: deleted.slug });
	return true;
}

/** The kind of an article, or undefined when no article has the id. */
export async function articleKindOf(id: number): Promise<ArticleKind | undefined> {
	const row = await firstRow(db().select({ kind: articles.kind }).from(articles).where(eq(articles.id, id)));
	return row?.kind;
}

/** Every published article of a kind, by id and slug (its page and its share image). */
export async function publishedArticleAddresses(kind: ArticleKind): Promise<{ id: number; slug: string }[]> {
	return db()
		.select({ id: articles.id, slug: articles.slug })
		.from(articles)
		.where(and(eq(articles.kind, kind), eq(articles.isPublished, true)));
}
