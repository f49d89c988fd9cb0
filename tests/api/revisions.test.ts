/**
 * Revisions (GET /api/admin/revisions?type&id, GET /api/admin/revisions/{id}, POST
 * /api/admin/revisions/{id}/restore): every save of an article, page, platform or episode is
 * kept, newest first, with its author and a summary; a revision shows its fields and the diff
 * from the one before; a restore is a new revision and the public pages follow. Editors only;
 * old revisions are pruned to the last 50 plus one a day. Runs on the engine of TEST_DATABASE.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import type { TestClient } from '../support/account-api';
import {
	articleBody,
	setUpRoles,
	startContentServer,
	uniqueWord,
	type Roles,
} from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';
import { createPlatform, platformInput } from '../support/platform-fixtures';
import { testSlug } from '../support/slugs';

type Entry = { id: number; createdAt: string; author: { username: string } | null; summary: string };
type Detail = Entry & {
	type: string;
	itemId: number;
	fields: Record<string, unknown>;
	previousId: number | null;
	diff: { field: string; label: string; from: unknown; to: unknown }[];
};

let server: TestServer;
let roles: Roles;
let editor: TestClient;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	editor = roles.editor.client;
	// Pages come from the seed, saved before revisions were kept.
	await server.db
		.insert(server.tables.staticPages)
		.values({ slug: 'contact', title: 'Contact', content: '# Contact\n\nWrite to the seeded address.' });
});
afterAll(async () => {
	await server?.stop();
});

async function revisionsOf(type: string, id: number): Promise<Entry[]> {
	const answer = await editor.get<Entry[]>(`/api/admin/revisions?type=${type}&id=${id}`);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body;
}

async function restore(revisionId: number): Promise<Entry> {
	const answer = await editor.post<Entry>(`/api/admin/revisions/${revisionId}/restore`);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body;
}

async function ok<T = any>(answer: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
	const { status: got, body } = await answer;
	expect(got, JSON.stringify(body)).toBe(status);
	return body;
}

/** The public page's HTML, once it holds (or no longer holds) a text: pages regenerate in the background. */
async function expectPage(path: string, text: string, present = true): Promise<void> {
	await expect
		.poll(async () => {
			const answer = await roles.anonymous.get(path);
			return String(answer.body).includes(text);
		})
		.toBe(present);
}

describe('article revisions', () => {
	it('keeps every save newest first, with author and summary, and a restore brings the old text back to the public page', async () => {
		const [oldWord, newWord] = [uniqueWord('old'), uniqueWord('new')];
		const body = articleBody({ title: `Story ${oldWord}`, content: `The ${oldWord} text.` });
		const article = await ok(editor.post('/api/news', body), 201);
		await expectPage(`/news/${article.slug}`, `The ${oldWord} text.`);

		await ok(
			editor.put(`/api/news/${article.id}`, {
				...body,
				title: `Story ${newWord}`,
				content: `The ${newWord} text.`,
			}),
		);
		await ok(
			editor.put(`/api/news/${article.id}`, {
				...body,
				title: `Story ${newWord}`,
				content: `The ${newWord} text.`,
				isPublished: false,
			}),
		);
		await ok(
			editor.put(`/api/news/${article.id}`, {
				...body,
				title: `Story ${newWord}`,
				content: `The ${newWord} text.`,
			}),
		);
		await expectPage(`/news/${article.slug}`, `The ${newWord} text.`);

		const list = await revisionsOf('article', article.id);
		expect(list.map((entry) => entry.summary)).toEqual([
			'Published',
			'Unpublished',
			'Title, Content changed',
			'Created and published',
		]);
		for (const entry of list) {
			expect(Object.keys(entry).sort()).toEqual(['author', 'createdAt', 'id', 'integration', 'summary']);
			expect(entry.author).toEqual({ username: roles.editor.username });
		}
		expect(list.map((entry) => entry.id)).toEqual([...list.map((entry) => entry.id)].sort((a, b) => b - a));

		const first = list.at(-1)!;
		const changed = await ok(editor.get<Detail>(`/api/admin/revisions/${list.at(-2)!.id}`));
		expect(changed).toMatchObject({ type: 'article', itemId: article.id, previousId: first.id });
		expect(changed.fields).toMatchObject({
			title: `Story ${newWord}`,
			content: `The ${newWord} text.`,
			isPublished: true,
		});
		expect(changed.diff).toEqual([
			{ field: 'title', label: 'Title', from: `Story ${oldWord}`, to: `Story ${newWord}` },
			{ field: 'content', label: 'Content', from: `The ${oldWord} text.`, to: `The ${newWord} text.` },
		]);
		const created = await ok(editor.get<Detail>(`/api/admin/revisions/${first.id}`));
		expect(created.previousId).toBeNull();

		const restored = await restore(first.id);
		expect(restored).toMatchObject({
			summary: `Restored revision ${first.id}`,
			author: { username: roles.editor.username },
		});
		expect((await revisionsOf('article', article.id))[0]).toEqual(restored);
		await expectPage(`/news/${article.slug}`, `The ${oldWord} text.`);
		await expectPage(`/news/${article.slug}`, `The ${newWord} text.`, false);
		expect((await roles.anonymous.get(`/api/news/${article.id}`)).body.title).toBe(`Story ${oldWord}`);
		const latest = await ok(editor.get<Detail>(`/api/admin/revisions/${restored.id}`));
		expect(latest.diff.map((change) => change.field)).toEqual(['title', 'content']);
	});

	it('keeps a scheduled publication as a revision by no editor', async () => {
		const body = articleBody({ isPublished: false, publishAt: new Date(Date.now() + 1500).toISOString() });
		const article = await ok(editor.post('/api/news', body), 201);
		await expect.poll(async () => (await roles.anonymous.get(`/api/news/${article.id}`)).status).toBe(200);
		const [published, created] = await revisionsOf('article', article.id);
		expect(published).toMatchObject({ summary: 'Published at its scheduled time', author: null });
		expect(created).toMatchObject({ summary: 'Created', author: { username: roles.editor.username } });
		const detail = await ok(editor.get<Detail>(`/api/admin/revisions/${published!.id}`));
		expect(detail.diff.map((change) => [change.field, change.to])).toEqual([
			['isPublished', true],
			['publishAt', null],
		]);
	});

	it('restores a scheduled draft whose time has passed as a plain draft', async () => {
		const body = articleBody({ isPublished: false, publishAt: new Date(Date.now() + 60_000).toISOString() });
		const article = await ok(editor.post('/api/news', body), 201);
		const [scheduled] = await revisionsOf('article', article.id);
		await server.db
			.update(server.tables.revisions)
			.set({
				fields: JSON.stringify({
					...body,
					tags: ['retail', 'media'],
					imageUrl: null,
					publishAt: '2020-01-01T00:00:00.000Z',
				}),
			})
			.where(eq(server.tables.revisions.id, scheduled!.id));
		await restore(scheduled!.id);
		const saved = await ok(editor.get(`/api/news/${article.id}`));
		expect(saved).toMatchObject({ isPublished: false, publishAt: null });
	});
});

describe('page revisions', () => {
	it('keeps the version from before revisions as the first one, and a restore brings it back to the public page', async () => {
		const page = await ok(roles.anonymous.get('/api/pages/contact'));
		const word = uniqueWord('page');
		await ok(editor.put('/api/pages/contact', { title: page.title, content: `Write to ${word}.` }));
		await expectPage('/contact', `Write to ${word}.`);

		const list = await revisionsOf('page', page.id);
		expect(list.map((entry) => [entry.summary, entry.author])).toEqual([
			['Content changed', { username: roles.editor.username }],
			['Version before revisions were kept', null],
		]);
		const before = await ok(editor.get<Detail>(`/api/admin/revisions/${list[1]!.id}`));
		expect(before.fields).toEqual({
			title: page.title,
			content: page.content,
			metaTitle: null,
			metaDescription: null,
		});

		await restore(list[1]!.id);
		await expectPage('/contact', 'Write to the seeded address.');
		await expectPage('/contact', `Write to ${word}.`, false);
		expect((await roles.anonymous.get('/api/pages/contact')).body.content).toBe(page.content);
	});
});

describe('the version before revisions', () => {
	it("is kept under the article's own author, who wrote it, rather than no one", async () => {
		const word = uniqueWord('seeded');
		const body = articleBody({ title: `Seeded ${word}`, content: `The ${word} text.` });
		// Written before revisions were kept (as the seed writes articles), by another account.
		const [row] = await server.db
			.insert(server.tables.articles)
			.values({
				kind: 'news',
				title: body.title,
				slug: testSlug(body.title),
				excerpt: body.excerpt,
				content: body.content,
				category: body.category,
				tags: ['retail', 'media'],
				readTime: body.readTime,
				isPublished: true,
				authorId: roles.user.id,
			})
			.returning({ id: server.tables.articles.id });
		await ok(editor.put(`/api/news/${row!.id}`, { ...body, content: `The ${word} text, edited.` }));

		const list = await revisionsOf('article', row!.id);
		expect(list.map((entry) => [entry.summary, entry.author])).toEqual([
			['Content changed', { username: roles.editor.username }],
			['Version before revisions were kept', { username: roles.user.username }],
		]);
	});
});

describe('platform revisions', () => {
	it('keeps each save, and a restore is one more change in the public history', async () => {
		const form = platformInput({ pricing: 'CPC from $0.50' });
		const platform = await createPlatform(roles.editor, form);
		await ok(
			editor.put(`/api/admin/platforms/${platform.id}`, { ...form, pricing: 'CPC from $0.90', sortOrder: 3 }),
		);

		const list = await revisionsOf('platform', platform.id);
		expect(list.map((entry) => entry.summary)).toEqual(['Pricing, Sort order changed', 'Created']);
		await restore(list[1]!.id);
		expect((await roles.anonymous.get(`/api/platforms/${platform.id}`)).body).toMatchObject({
			pricing: 'CPC from $0.50',
			sortOrder: 0,
		});

		const history = await ok(roles.anonymous.get(`/api/platforms/${platform.id}/history`));
		expect(
			history.map(({ field, from, to }: { field: string; from: unknown; to: unknown }) => ({
				field,
				from,
				to,
			})),
		).toEqual([
			{ field: 'pricing', from: 'CPC from $0.90', to: 'CPC from $0.50' },
			{ field: 'pricing', from: 'CPC from $0.50', to: 'CPC from $0.90' },
		]);
		expect(JSON.stringify(history)).not.toContain(roles.editor.username);
	});
});

describe('episode revisions', () => {
	it('keeps each save, names the publish switch, and restores', async () => {
		const body = episodeBody({ isPublished: false });
		const episode = await ok(editor.post('/api/podcasts', body), 201);
		await ok(editor.put(`/api/podcasts/${episode.id}`, { ...body, isPublished: true }));
		await ok(
			editor.put(`/api/podcasts/${episode.id}`, {
				...body,
				isPublished: true,
				title: 'Renamed episode',
				duration: 50,
			}),
		);
		const list = await revisionsOf('episode', episode.id);
		expect(list.map((entry) => entry.summary)).toEqual(['Title, Duration changed', 'Published', 'Created']);
		await restore(list[1]!.id);
		expect((await roles.anonymous.get(`/api/podcasts/${episode.id}`)).body).toMatchObject({
			title: body.title,
			duration: 42,
			isPublished: true,
		});
		await expectPage('/podcast', String(body.title));
	});
});

describe('access and input', () => {
	it('is for editors only: 401 signed out or banned, 403 for users', async () => {
		const article = await ok(editor.post('/api/news', articleBody()), 201);
		const [revision] = await revisionsOf('article', article.id);
		const refusals: [TestClient, number, string][] = [
			[roles.anonymous, 401, 'Authentication required'],
			// A banned account's session no longer signs anyone in.
			[roles.banned.client, 401, 'Authentication required'],
			[roles.user.client, 403, 'Access denied. Editor privileges required.'],
		];
		for (const [client, status, message] of refusals) {
			for (const answer of [
				await client.get(`/api/admin/revisions?type=article&id=${article.id}`),
				await client.get(`/api/admin/revisions/${revision!.id}`),
				await client.post(`/api/admin/revisions/${revision!.id}/restore`),
			]) {
				expect(answer.status).toBe(status);
				expect(answer.body).toEqual({ message });
			}
		}
		expect(await revisionsOf('article', article.id)).toHaveLength(1);
	});

	it('answers 404 with a sentence for an unknown revision or item, and 400 for a bad type or id', async () => {
		for (const path of ['/api/admin/revisions/2147483647', '/api/admin/revisions/2147483647/restore']) {
			const answer = path.endsWith('restore') ? await editor.post(path) : await editor.get(path);
			expect(answer.status).toBe(404);
			expect(answer.body).toEqual({ message: 'Revision not found' });
		}
		expect(await editor.get('/api/admin/revisions/abc')).toMatchObject({
			status: 404,
			body: { message: 'Invalid revision id.' },
		});
		expect(await editor.get('/api/admin/revisions?type=platform&id=2147483647')).toMatchObject({
			status: 404,
			body: { message: 'No platform with id 2147483647.' },
		});
		for (const query of [
			'type=user&id=1',
			'type=article&id=abc',
			'type=article&id=0',
			'type=article',
			'id=1',
		]) {
			const answer = await editor.get(`/api/admin/revisions?${query}`);
			expect(answer.status, query).toBe(400);
			expect(typeof answer.body.message).toBe('string');
		}
	});

	it('answers 404 for a revision whose item was deleted, and forgets the revisions with the item', async () => {
		const article = await ok(editor.post('/api/news', articleBody()), 201);
		const [revision] = await revisionsOf('article', article.id);
		await ok(editor.delete(`/api/news/${article.id}`));
		expect((await editor.get(`/api/admin/revisions/${revision!.id}`)).status).toBe(404);
		expect((await editor.post(`/api/admin/revisions/${revision!.id}/restore`)).status).toBe(404);
	});
});

describe('pruning', () => {
	it('keeps the last 50 revisions and, before them, the newest of each day', async () => {
		const body = articleBody();
		const article = await ok(editor.post('/api/news', body), 201);
		const { revisions } = server.tables;
		const day = 24 * 60 * 60 * 1000;
		const start = Date.UTC(2026, 0, 10, 12);
		// Three a day for five days long ago, then 49 recent ones: the save below makes 50 recent.
		const old = Array.from(
			{ length: 15 },
			(_, i) => new Date(start + Math.floor(i / 3) * day + (i % 3) * 60_000),
		);
		const recent = Array.from({ length: 49 }, (_, i) => new Date(start + 30 * day + i * 1000));
		await server.db
			.delete(revisions)
			.where(and(eq(revisions.itemType, 'article'), eq(revisions.itemId, article.id)));
		for (const createdAt of [...old, ...recent]) {
			await server.db.insert(revisions).values({
				itemType: 'article',
				itemId: article.id,
				authorId: roles.editor.id,
				fields: JSON.stringify({ title: `At ${createdAt.toISOString()}` }),
				summary: 'Saved',
				createdAt,
			});
		}
		await ok(editor.put(`/api/news/${article.id}`, { ...body, title: 'Pruned' }));
		const kept = await server.db
			.select({ createdAt: revisions.createdAt })
			.from(revisions)
			.where(and(eq(revisions.itemType, 'article'), eq(revisions.itemId, article.id)));
		expect(kept).toHaveLength(55);
		const olds = kept.map((row) => row.createdAt.getTime()).filter((at) => at < start + 30 * day);
		expect(olds.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4].map((d) => start + d * day + 2 * 60_000));
	});
});

describe('autosaves', () => {
	it("fill one revision while they are the same editor's recent autosaves; a save asked for keeps its own", async () => {
		const body = articleBody({ isPublished: false });
		const article = await ok(editor.post('/api/news', body), 201);
		for (const word of ['one', 'two', 'three']) {
			await ok(editor.put(`/api/news/${article.id}`, { ...body, content: `Typed ${word}`, autosave: true }));
		}
		const typed = await revisionsOf('article', article.id);
		expect(typed.map((entry) => entry.summary)).toEqual(['Autosaved: Content changed', 'Created']);
		const joined = await ok<Detail>(editor.get(`/api/admin/revisions/${typed[0]!.id}`));
		expect(joined.fields.content).toBe('Typed three');

		const saved = { ...body, content: 'Typed three', excerpt: 'Saved on purpose.' };
		await ok(editor.put(`/api/news/${article.id}`, saved));
		await ok(editor.put(`/api/news/${article.id}`, { ...saved, content: 'Typed four', autosave: true }));
		const afterSave = await revisionsOf('article', article.id);
		expect(afterSave.map((entry) => entry.summary)).toEqual([
			'Autosaved: Content changed',
			'Excerpt changed',
			'Autosaved: Content changed',
			'Created',
		]);

		// Ten minutes on, the next autosave starts a revision of its own.
		const { revisions } = server.tables;
		await server.db
			.update(revisions)
			.set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
			.where(eq(revisions.id, afterSave[0]!.id));
		await ok(editor.put(`/api/news/${article.id}`, { ...saved, content: 'Typed five', autosave: true }));
		const later = await revisionsOf('article', article.id);
		expect(later.map((entry) => entry.summary)).toHaveLength(5);
		expect(later[0]!.summary).toBe('Autosaved: Content changed');
	});

	it('answers 400 with a sentence when autosave is not true or false', async () => {
		const body = articleBody({ isPublished: false });
		const article = await ok(editor.post('/api/news', body), 201);
		const answer = await editor.put(`/api/news/${article.id}`, { ...body, autosave: 'yes' });
		expect(answer.status).toBe(400);
		expect(answer.body).toMatchObject({ message: 'autosave must be true or false.' });
	});
});
