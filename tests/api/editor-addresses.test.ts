/**
 * What editors set of an item's address and search appearance (issue 44): `slug` on the
 * create and update endpoints of platforms, news, education, episodes and newsletter issues
 * (400 malformed or reserved, 409 taken now or before by another item, the item's own earlier
 * slug taken back, omitted = kept), `metaTitle` / `metaDescription` on articles, pages,
 * platforms and episodes (400 when longer than 70 / 160, blank = none), the roles unchanged,
 * and revisions keeping the search fields but never the slug. Runs on the engine of TEST_DATABASE.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_FIELD_HEADER } from '@/lib/api-client';
import type { SlugKind } from '@/lib/column-values';
import { slugProblem } from '@/lib/slugs';
import type { ApiAnswer } from '../support/http';
import type { TestServer } from '../support/server';
import { articleBody, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';
import { platformInput } from '../support/platform-fixtures';

const SLUG_TAKEN = 'That address (slug) is already used by another item; choose another.';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	await server.db
		.insert(server.tables.staticPages)
		.values({ slug: 'contact', title: 'Contact', content: '# Contact\n\nWrite to us.' });
});
afterAll(async () => {
	await server?.stop();
});

let counter = 0;
/** A slug no other test of this run holds. */
function freshSlug(word: string): string {
	counter += 1;
	return `${word}-${process.pid}-${counter}-x`;
}

type Subject = {
	kind: SlugKind;
	create: string;
	update: (id: number) => string;
	body: () => Record<string, unknown>;
	/** Takes metaTitle and metaDescription. */
	meta: boolean;
	/** A word the kind reserves, if any. */
	reserved?: string;
};

const SUBJECTS: Subject[] = [
	{
		kind: 'platform',
		create: '/api/admin/platforms',
		update: (id) => `/api/admin/platforms/${id}`,
		body: () => platformInput(),
		meta: true,
		reserved: 'map',
	},
	{
		kind: 'news',
		create: '/api/news',
		update: (id) => `/api/news/${id}`,
		body: () => articleBody(),
		meta: true,
	},
	{
		kind: 'education',
		create: '/api/education',
		update: (id) => `/api/education/${id}`,
		body: () => articleBody({ category: 'For Brands' }),
		meta: true,
	},
	{
		kind: 'episode',
		create: '/api/podcasts',
		update: (id) => `/api/podcasts/${id}`,
		body: () => episodeBody(),
		meta: true,
		reserved: 'rss',
	},
	{
		kind: 'newsletter-issue',
		create: '/api/admin/newsletters',
		update: (id) => `/api/admin/newsletters/${id}`,
		body: () => ({ subject: `Issue ${freshSlug('s')}`, content: 'Hello **readers**.' }),
		meta: false,
		reserved: 'confirm',
	},
];

type Item = { id: number; slug: string; metaTitle?: string | null; metaDescription?: string | null };

function expectRefused(answer: ApiAnswer, status: number, message: string, field: string): void {
	expect(answer.status, JSON.stringify(answer.body)).toBe(status);
	expect(answer.body).toEqual({ message });
	expect(answer.headers.get(INVALID_FIELD_HEADER)).toBe(field);
}

const editor = () => roles.editor.client;

/** Creates an item of the subject through its endpoint; answers it with the body it was sent. */
async function createItem(
	subject: Subject,
	extra: Record<string, unknown> = {},
): Promise<Item & { body: Record<string, unknown> }> {
	const body = { ...subject.body(), ...extra };
	const answer = await editor().post<Item>(subject.create, body);
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return { ...answer.body, body };
}

describe.each(SUBJECTS)('$kind: slug on the editors’ endpoints', (subject) => {
	const create = (extra?: Record<string, unknown>) => createItem(subject, extra);

	it('creates with the slug given, and updates to another one, answering it', async () => {
		const slug = freshSlug('given');
		const item = await create({ slug });
		expect(item.slug).toBe(slug);
		const next = freshSlug('renamed');
		const answer = await editor().put<Item>(subject.update(item.id), { ...item.body, slug: next });
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		expect(answer.body.slug).toBe(next);
	});

	it('keeps the current slug when the update omits it (or leaves it blank)', async () => {
		const item = await create({ slug: freshSlug('kept') });
		for (const slug of [undefined, '']) {
			const answer = await editor().put<Item>(subject.update(item.id), { ...item.body, slug });
			expect(answer.status, JSON.stringify(answer.body)).toBe(200);
			expect(answer.body.slug).toBe(item.slug);
		}
	});

	it('refuses a malformed slug with 400, the rule’s sentence and field slug, on create and update', async () => {
		const item = await create();
		for (const slug of ['Not A Slug', 'double--hyphen', '-edge', '12345', 'x'.repeat(81)]) {
			const message = slugProblem(slug, subject.kind)!;
			expectRefused(await editor().post(subject.create, { ...subject.body(), slug }), 400, message, 'slug');
			expectRefused(
				await editor().put(subject.update(item.id), { ...item.body, slug }),
				400,
				message,
				'slug',
			);
		}
	});

	it('refuses with 409 a slug another item holds now or held before; the item takes back its own', async () => {
		const first = await create({ slug: freshSlug('first') });
		const other = await create();
		/** Neither the other item nor a new one may take the first's slug (current or earlier). */
		const expectFirstSlugTaken = async () => {
			for (const answer of [
				await editor().put(subject.update(other.id), { ...other.body, slug: first.slug }),
				await editor().post(subject.create, { ...subject.body(), slug: first.slug }),
			]) {
				expectRefused(answer, 409, SLUG_TAKEN, 'slug');
			}
		};
		await expectFirstSlugTaken();
		// Renamed, the first item keeps its earlier slug: still not another's to take.
		const renamed = freshSlug('second');
		expect((await editor().put(subject.update(first.id), { ...first.body, slug: renamed })).status).toBe(200);
		await expectFirstSlugTaken();
		// The item itself may take its earlier slug back.
		const back = await editor().put<Item>(subject.update(first.id), { ...first.body, slug: first.slug });
		expect(back.status, JSON.stringify(back.body)).toBe(200);
		expect(back.body.slug).toBe(first.slug);
		// The other's slug is unchanged by all of it.
		expect((await editor().put<Item>(subject.update(other.id), other.body)).body.slug).toBe(other.slug);
	});

	it('gives one of two saves taking the same free slug at once a 200, the other the same 409', async () => {
		const [a, b] = [await create(), await create()];
		const slug = freshSlug('race');
		const answers = await Promise.all([
			editor().put(subject.update(a.id), { ...a.body, slug }),
			editor().put(subject.update(b.id), { ...b.body, slug }),
		]);
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
		expectRefused(answers.find((answer) => answer.status === 409)!, 409, SLUG_TAKEN, 'slug');
	});

	it('leaves the roles as they were: a non-editor is refused (403), a visitor 401', async () => {
		const item = await create();
		const slug = freshSlug('nope');
		expect((await roles.user.client.put(subject.update(item.id), { ...item.body, slug })).status).toBe(403);
		expect((await roles.user.client.post(subject.create, { ...subject.body(), slug })).status).toBe(403);
		expect((await roles.anonymous.put(subject.update(item.id), { ...item.body, slug })).status).toBe(401);
	});
});

describe.each(SUBJECTS.filter((subject) => subject.reserved))('$kind: reserved slugs', (subject) => {
	const create = (extra?: Record<string, unknown>) => createItem(subject, extra);

	it('refuses a reserved slug with 400', async () => {
		const item = await create();
		const message = slugProblem(subject.reserved!, subject.kind)!;
		expect(message).toContain('reserved');
		expectRefused(
			await editor().post(subject.create, { ...subject.body(), slug: subject.reserved }),
			400,
			message,
			'slug',
		);
		expectRefused(
			await editor().put(subject.update(item.id), { ...item.body, slug: subject.reserved }),
			400,
			message,
			'slug',
		);
	});
});

describe.each(SUBJECTS.filter((subject) => subject.meta))(
	'$kind: search title and description',
	(subject) => {
		const create = (extra?: Record<string, unknown>) => createItem(subject, extra);

		it.runIf(subject.meta)(
			'takes a search title and description, blank meaning none, and refuses longer ones',
			async () => {
				const item = await create({ metaTitle: 'A search title', metaDescription: 'A search description.' });
				expect(item).toMatchObject({ metaTitle: 'A search title', metaDescription: 'A search description.' });
				const cleared = await editor().put<Item>(subject.update(item.id), {
					...item.body,
					metaTitle: '',
					metaDescription: '  ',
				});
				expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
				expect(cleared.body).toMatchObject({ metaTitle: null, metaDescription: null });
				const atLimit = await editor().put<Item>(subject.update(item.id), {
					...item.body,
					metaTitle: 't'.repeat(70),
					metaDescription: 'd'.repeat(160),
				});
				expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
				expectRefused(
					await editor().put(subject.update(item.id), { ...item.body, metaTitle: 't'.repeat(71) }),
					400,
					'Search headline must be at most 70 characters.',
					'metaTitle',
				);
				expectRefused(
					await editor().post(subject.create, { ...subject.body(), metaDescription: 'd'.repeat(161) }),
					400,
					'Search snippet must be at most 160 characters.',
					'metaDescription',
				);
			},
		);
	},
);

describe('static pages: search title and description', () => {
	it('saves and answers them, blank meaning none, and refuses longer ones with 400', async () => {
		const editor = roles.editor.client;
		const page = (await editor.get<{ title: string; content: string }>('/api/pages/contact')).body;
		const body = { title: page.title, content: page.content };
		const saved = await editor.put('/api/pages/contact', {
			...body,
			metaTitle: 'Contact us',
			metaDescription: 'Write to us.',
		});
		expect(saved.status, JSON.stringify(saved.body)).toBe(200);
		expect(saved.body).toMatchObject({ metaTitle: 'Contact us', metaDescription: 'Write to us.' });
		expectRefused(
			await editor.put('/api/pages/contact', { ...body, metaTitle: 'x'.repeat(71) }),
			400,
			'Search headline must be at most 70 characters.',
			'metaTitle',
		);
		expect((await roles.user.client.put('/api/pages/contact', { ...body, metaTitle: 'Mine' })).status).toBe(
			403,
		);
		const cleared = await editor.put('/api/pages/contact', { ...body, metaTitle: '' });
		expect(cleared.body).toMatchObject({ metaTitle: null, metaDescription: null });
	});
});

describe('revisions keep the search fields, never the slug', () => {
	it('restoring an earlier platform revision brings back its search title and leaves the address', async () => {
		const editor = roles.editor.client;
		const input = platformInput();
		const created = await editor.post<Item>('/api/admin/platforms', input);
		const renamed = freshSlug('restored');
		const saved = await editor.put<Item>(`/api/admin/platforms/${created.body.id}`, {
			...input,
			slug: renamed,
			metaTitle: 'Searchers see this',
		});
		expect(saved.body).toMatchObject({ slug: renamed, metaTitle: 'Searchers see this' });
		const list = await editor.get<{ id: number }[]>(
			`/api/admin/revisions?type=platform&id=${created.body.id}`,
		);
		const latest = await editor.get<{ fields: Record<string, unknown>; diff: { field: string }[] }>(
			`/api/admin/revisions/${list.body[0]!.id}`,
		);
		expect(latest.body.fields).not.toHaveProperty('slug');
		expect(latest.body.diff.map((change) => change.field)).toEqual(['metaTitle']);
		const restore = await editor.post(`/api/admin/revisions/${list.body.at(-1)!.id}/restore`);
		expect(restore.status, JSON.stringify(restore.body)).toBe(200);
		const now = await editor.get<Item>(`/api/platforms/${created.body.id}`);
		expect(now.body).toMatchObject({ slug: renamed, metaTitle: null });
	});
});

describe('newsletter issues: a sent issue keeps its text, and its address may still change', () => {
	it('changes the slug of a sent issue, and refuses a change of its subject (409)', async () => {
		const editor = roles.editor.client;
		const body = { subject: `Sent ${freshSlug('s')}`, content: 'What went out.' };
		const issue = (await editor.post<Item>('/api/admin/newsletters', body)).body;
		const { newsletterIssues } = server.tables;
		await server.db.update(newsletterIssues).set({ status: 'sent' }).where(eq(newsletterIssues.id, issue.id));
		const slug = freshSlug('sent');
		const moved = await editor.put<Item>(`/api/admin/newsletters/${issue.id}`, { ...body, slug });
		expect(moved.status, JSON.stringify(moved.body)).toBe(200);
		expect(moved.body.slug).toBe(slug);
		const changed = await editor.put(`/api/admin/newsletters/${issue.id}`, { ...body, subject: 'Another' });
		expect(changed.status).toBe(409);
		expect(changed.body).toEqual({
			message: 'This issue has already been sent; it can no longer be changed.',
		});
	});
});
