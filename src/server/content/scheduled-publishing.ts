/**
 * Scheduled articles and episodes go public at their time. Every node looks once a second; one UPDATE both
 * finds the due drafts and publishes them, so of several nodes looking at once exactly one
 * publishes each item (PostgreSQL re-checks a row another transaction just changed, and finds
 * it published). That node announces the change, which regenerates the pages, feeds and sitemap
 * on every node (the change relay), as an editor's save does; partners' events are recorded in
 * the publishing transaction (the outbox).
 */
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { articles, podcastEpisodes, transaction } from '@/server/db';
import { publishChange } from '@/server/changes/content-changes';
import { recordRevision } from '@/server/revisions/store';
import { baseLog } from '@/server/runtime/log';
import { announceArticle, articleFormColumns } from './articles';
import { announceEpisode } from './podcasts';
import { endPreviewLinks } from './preview-ends';

/** How often a node looks for due articles: publication within about this, plus regeneration. */
export const SCHEDULE_CHECK_MS = 1_000;

const scheduleLog = () => baseLog().child({ subject: 'scheduled-publishing' });

/**
 * Publishes the drafts whose time has come; answers their ids. A scheduled article's date is
 * its publication time (createdAt orders the lists and dates the page), not when it was drafted.
 * Each publication is kept as a revision by no editor, in the same transaction.
 */
export async function publishDueArticles(now = new Date()): Promise<number[]> {
	const published = await transaction(async (tx) => {
		const rows = await tx
			.update(articles)
			.set({ isPublished: true, publishAt: null, createdAt: sql`${articles.publishAt}`, updatedAt: now })
			.where(
				and(eq(articles.isPublished, false), isNotNull(articles.publishAt), lte(articles.publishAt, now)),
			)
			.returning({ id: articles.id, kind: articles.kind, slug: articles.slug, ...articleFormColumns() });
		await endPreviewLinks(
			tx,
			'article',
			rows.map((row) => row.id),
		);
		for (const { id, kind, slug, ...fields } of rows) {
			await recordRevision(tx, {
				type: 'article',
				itemId: id,
				fields,
				by: { authorId: null },
				summary: 'Published at its scheduled time',
				at: now,
			});
			await announceArticle(tx, kind, { id, slug, title: fields.title, isPublished: true }, true, now);
		}
		return rows;
	});
	for (const { id, kind } of published) {
		scheduleLog().info({ articleId: id, kind }, 'published a scheduled article');
		publishChange({ kind: 'article', articleKind: kind, id });
	}
	return published.map((row) => row.id);
}

/**
 * Publishes the episodes whose time has come, as publishDueArticles does articles; answers their
 * ids. The episode is dated by its publication time (publishedAt orders the list and the feed).
 */
export async function publishDueEpisodes(now = new Date()): Promise<number[]> {
	const published = await transaction(async (tx) => {
		const rows = await tx
			.update(podcastEpisodes)
			.set({
				isPublished: true,
				publishAt: null,
				publishedAt: sql`${podcastEpisodes.publishAt}`,
				updatedAt: now,
			})
			.where(
				and(
					eq(podcastEpisodes.isPublished, false),
					isNotNull(podcastEpisodes.publishAt),
					lte(podcastEpisodes.publishAt, now),
				),
			)
			.returning({ id: podcastEpisodes.id, slug: podcastEpisodes.slug, title: podcastEpisodes.title });
		await endPreviewLinks(
			tx,
			'episode',
			rows.map((row) => row.id),
		);
		for (const row of rows) await announceEpisode(tx, { ...row, isPublished: true }, now);
		return rows;
	});
	for (const { id } of published) {
		scheduleLog().info({ episodeId: id }, 'published a scheduled episode');
		publishChange({ kind: 'episode', id });
	}
	return published.map((row) => row.id);
}

/** Both kinds of scheduled content, one after the other. */
async function publishDue(): Promise<void> {
	await publishDueArticles();
	await publishDueEpisodes();
}

let timer: NodeJS.Timeout | undefined;
let checking: Promise<unknown> | undefined;

function check(): void {
	// A check still running (a slow database) is not doubled.
	if (checking) return;
	checking = publishDue()
		.catch((error: unknown) => scheduleLog().error({ err: error }, 'scheduled publishing failed'))
		.finally(() => {
			checking = undefined;
		});
}

/** Looks now and then every SCHEDULE_CHECK_MS, on a timer that keeps no process alive. */
export function startScheduledPublishing(everyMs = SCHEDULE_CHECK_MS): void {
	if (timer) return;
	check();
	timer = setInterval(check, everyMs).unref();
}

/** Stops the timer and waits for a check under way, so the database can close after it. */
export async function stopScheduledPublishing(): Promise<void> {
	clearInterval(timer);
	timer = undefined;
	await checking;
}
