/**
 * The content services publish every write on the change stream (publishChange()), in-process
 * against a temporary database; and the stream's error policy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleInputSchemas } from '@/lib/validation/content';
import { createArticle, deleteArticle, updateArticle } from '@/server/content/articles';
import { changeBus, publishChange, type ContentChange } from '@/server/changes/content-changes';
import { updateStaticPage } from '@/server/content/static-pages';
import { createEpisode, deleteEpisode, updateEpisode } from '@/server/content/podcasts';
import { episodeInputSchema } from '@/lib/validation/episodes';
import {
	apiPathsForContentChange,
	pathsForContentChange,
	queriedPathsForContentChange,
} from '@/server/site/paths';
import { articles, closeDatabase, db, staticPages, transaction, users } from '@/server/db';
import { findBySlug, renameSlug } from '@/server/addresses/slugs';
import { eq } from 'drizzle-orm';
import { testDatabaseSettings } from '../support/postgres-databases';

const dir = mkdtempSync(join(tmpdir(), 'rmh-events-'));
let editorId: number;
let database: Awaited<ReturnType<typeof testDatabaseSettings>>;

beforeAll(async () => {
	database = await testDatabaseSettings(dir);
	Object.assign(process.env, database.env);
	const [editor] = await db()
		.insert(users)
		.values({ username: 'ed', email: 'ed@example.com', passwordHash: 'x', role: 'editor' })
		.returning();
	editorId = editor!.id;
	await db().insert(staticPages).values({ slug: 'about-us', title: 'About', content: 'x' });
});
afterAll(async () => {
	await closeDatabase();
	await database?.close();
	rmSync(dir, { recursive: true, force: true });
});

const input = articleInputSchemas.news.parse({
	title: 'T',
	excerpt: 'E',
	content: 'C',
	category: 'Trends',
	isPublished: true,
});

describe('content change events', () => {
	it('are sent after each article and page write, and not for misses', async () => {
		const seen: ContentChange[] = [];
		const stop = changeBus.changes.subscribe((change) => seen.push(change));
		const article = await createArticle('news', input, editorId);
		await updateArticle('news', article.id, { ...input, title: 'T2' }, { authorId: editorId });
		expect(await updateArticle('education', article.id, input, { authorId: editorId })).toBeUndefined();
		expect(await deleteArticle('news', article.id)).toBe(true);
		expect(await deleteArticle('news', article.id)).toBe(false);
		await updateStaticPage(
			'about-us',
			{ title: 'About us', content: 'y', metaTitle: null, metaDescription: null },
			{ authorId: editorId },
		);
		expect(
			await updateStaticPage(
				'nope',
				{ title: 'x', content: 'y', metaTitle: null, metaDescription: null },
				{ authorId: editorId },
			),
		).toBeUndefined();
		stop();
		await createArticle('news', input, editorId);
		expect(seen).toEqual([
			{ kind: 'article', articleKind: 'news', id: article.id },
			{ kind: 'article', articleKind: 'news', id: article.id },
			// A delete names the slug the article had: the row is gone, its page's file is not yet.
			{ kind: 'article', articleKind: 'news', id: article.id, slug: article.slug },
			{ kind: 'page', slug: 'about-us' },
		]);
	});

	it('are sent after each episode write, and not for misses; the podcast list, feed and API follow', async () => {
		const episode = episodeInputSchema.parse({
			title: 'Ep',
			description: 'D',
			audioUrl: '/audio/episode-1.mp3',
			duration: 1,
			episodeNumber: 1,
		});
		const seen: ContentChange[] = [];
		const stop = changeBus.changes.subscribe((change) => seen.push(change));
		const created = await createEpisode(episode, editorId);
		await updateEpisode(created.id, { ...episode, isPublished: true }, { authorId: editorId });
		expect(await updateEpisode(created.id + 1000, episode, { authorId: editorId })).toBeUndefined();
		expect(await deleteEpisode(created.id)).toBe(true);
		expect(await deleteEpisode(created.id)).toBe(false);
		stop();
		const change: ContentChange = { kind: 'episode', id: created.id };
		expect(seen).toEqual([change, change, { ...change, slug: created.slug }]);
		expect(pathsForContentChange(change)).toEqual([
			`/og/episodes/${created.id}.png`,
			'/podcast',
			'/podcast/rss',
			'/sitemap.xml',
		]);
		expect(apiPathsForContentChange(change)).toEqual([
			'/api/podcasts',
			`/api/podcasts/${created.id}`,
			'/api/search',
		]);
	});

	it('of a renamed item regenerate its page at the new address and drop the files of the old ones', async () => {
		const article = await createArticle('news', { ...input, title: 'Renamed story' }, editorId);
		expect(article.slug).toBe('renamed-story');
		const change: ContentChange = { kind: 'article', articleKind: 'news', id: article.id };
		expect(await queriedPathsForContentChange(change)).toContain('/news/renamed-story');
		for (const to of ['renamed-story-second', 'renamed-story-third']) {
			await transaction(async (tx) => {
				const [row] = await tx
					.select({ slug: articles.slug })
					.from(articles)
					.where(eq(articles.id, article.id));
				await renameSlug(tx, 'news', article.id, row!.slug, to);
				await tx.update(articles).set({ slug: to }).where(eq(articles.id, article.id));
			});
		}
		const paths = await queriedPathsForContentChange(change);
		// The current address renders the page; the earlier ones render their 301, so their files go.
		for (const slug of ['renamed-story-third', 'renamed-story-second', 'renamed-story']) {
			expect(paths).toContain(`/news/${slug}`);
		}
		// Deleted: its slug comes with the change, its earlier slugs are forgotten with it.
		expect(await deleteArticle('news', article.id)).toBe(true);
		expect(await queriedPathsForContentChange({ ...change, slug: 'renamed-story-third' })).toContain(
			'/news/renamed-story-third',
		);
		expect(await findBySlug('news', 'renamed-story')).toBeUndefined();
	});

	it('survive a failing listener and still reach the others', async () => {
		const { baseLog } = await import('@/server/runtime/log');
		// The failure is logged by the process's logger; the other listeners still hear the change.
		const error = vi.spyOn(baseLog(), 'error').mockImplementation(() => {});
		const later = vi.fn();
		const stopBad = changeBus.changes.subscribe(() => {
			throw new Error('boom');
		});
		const stopGood = changeBus.changes.subscribe(later);
		expect(() => publishChange({ kind: 'page', slug: 'about-us' })).not.toThrow();
		expect(later).toHaveBeenCalledWith({ kind: 'page', slug: 'about-us' });
		expect(error).toHaveBeenCalled();
		stopBad();
		stopGood();
		error.mockRestore();
	});

	it('after a resync (changes from other nodes missed) drop every cached API answer and queue a full generation', async () => {
		const { generationStatus, wireSiteRegeneration } = await import('@/server/site');
		const { staleApiAnswers } = await import('@/server/changes/served-copies');
		wireSiteRegeneration();
		const announced: unknown[] = [];
		const stop = staleApiAnswers.subscribe((pathnames) => announced.push(pathnames));
		const queuedBefore = generationStatus.get().queued;
		changeBus.missed.emit();
		stop();
		expect(announced).toEqual(['all']);
		expect(generationStatus.get().queued).toBe(queuedBefore + 1);
	});
});
