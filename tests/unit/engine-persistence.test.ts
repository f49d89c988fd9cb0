/**
 * The services' persistence on each engine in turn, in one process: the engine is chosen (and
 * its tables bound) for each block, and the same service calls must store and answer the same on
 * SQLite and on PostgreSQL: sessions, rate-limit counters, the newsletter queue's claim, the
 * generation status rows, search and list order, and unique violations. It also checks the seam
 * itself: the bound tables are the engine's, and each adapter is the engine's.
 */
import { eq, is, Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sqliteSchema from '@db/schema';
import * as postgresSchema from '@db/schema/postgres';
import { articleListQuerySchema, editorArticleListQuerySchema } from '@/lib/validation/content';
import { createAccount } from '@/server/auth/accounts';
import { limits, setRateLimitClock } from '@/server/auth/rate-limit';
import { MemoryCounterStore } from '@/server/auth/rate-limit/counter-store.memory';
import { PostgresCounterStore } from '@/server/auth/rate-limit/counter-store.postgres';
import { siteCounterStore } from '@/server/auth/rate-limit/site-counters';
import { createSession, invalidateSession, validateSessionToken } from '@/server/auth/session';
import { createArticle, listAll, listPublished } from '@/server/content/articles';
import {
	closeDatabase,
	db,
	engine,
	isUniqueViolation,
	newsletterDeliveries,
	users,
	type Schema,
} from '@/server/db';
import * as bound from '@/server/db';
import { claimDeliveries } from '@/server/newsletter/queue';
import { createIssue, sendIssue } from '@/server/newsletter/issues';
import { generationStatus } from '@/server/site/generator';
import { insertAccount } from '../support/newsletter-fixture';
import { ENGINES, engineSwitch } from '../support/each-engine';

const engines = engineSwitch('rmh-engines-');

let accounts = 0;
function newAccount(overrides: { email?: string; username?: string } = {}) {
	accounts += 1;
	return createAccount({
		email: overrides.email ?? `engine${accounts}@example.com`,
		username: overrides.username ?? `engine${accounts}`,
		password: 'a long enough password',
	});
}

describe('the tables before an engine is chosen', () => {
	const saved = process.env.DATABASE_URL;
	afterAll(() => {
		if (saved === undefined) delete process.env.DATABASE_URL;
		else process.env.DATABASE_URL = saved;
	});

	it('are the plain tables of the engine the environment names, the one db() will choose', async () => {
		delete process.env.DATABASE_URL;
		await closeDatabase();
		expect(bound.users).toBe(sqliteSchema.users);
		expect(bound.tables()).toBe(sqliteSchema);
		process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
		await closeDatabase();
		expect(bound.users).toBe(postgresSchema.users);
		expect(bound.newsletterDeliveries).toBe(postgresSchema.newsletterDeliveries);
	});
});

describe.each(ENGINES)('the services on %s', (name) => {
	beforeAll(() => engines.choose(name));

	it('binds every shared table of the engine, and nothing of the other engine', () => {
		expect(engine().name).toBe(name);
		const tableNames = Object.entries(sqliteSchema)
			.filter(([, value]) => is(value, Table))
			.map(([key]) => key as keyof Schema);
		expect(tableNames.length).toBeGreaterThan(10);
		for (const table of tableNames) {
			// Reading a column through the binding gives the engine's own column object.
			expect((bound as unknown as Record<string, unknown>)[table], String(table)).toBe(
				engine().tables[table],
			);
		}
	});

	it('keeps a session until it is ended, and finds no session for another token', async () => {
		const user = await newAccount();
		const { token, session } = await createSession(user.id);
		const found = await validateSessionToken(token);
		expect(found?.user.id).toBe(user.id);
		expect(found?.session.expiresAt.getTime()).toBe(session.expiresAt.getTime());
		expect(await validateSessionToken(`${token}x`)).toBeNull();
		await invalidateSession(session.id);
		expect(await validateSessionToken(token)).toBeNull();
	});

	it("counts the site's limits in the engine's store, each attempt its own number", async () => {
		const store = siteCounterStore();
		expect(store).toBeInstanceOf(name === 'postgres' ? PostgresCounterStore : MemoryCounterStore);
		let now = Date.UTC(2031, 0, 1);
		setRateLimitClock(() => now);
		try {
			const client = `client-${name}`;
			const waits = await Promise.all(
				Array.from({ length: 25 }, () => limits.registerPerClient.take(client)),
			);
			// The limit is 20 an hour: exactly 20 pass, however the attempts interleave.
			expect(waits.filter((wait) => wait === 0)).toHaveLength(20);
			expect(await limits.registerPerClient.retryAfter(client)).toBeGreaterThan(0);
			now += 61 * 60_000;
			expect(await limits.registerPerClient.retryAfter(client)).toBe(0);
		} finally {
			setRateLimitClock(null);
		}
	});

	it('claims each queued delivery once when claims run side by side', async () => {
		const editor = await newAccount();
		for (let i = 0; i < 6; i++) await insertAccount(db());
		const issue = await sendIssue(
			(await createIssue({ subject: `On ${name}`, content: 'Hello.' }, editor)).id,
		);
		const queued = await db()
			.select({ id: newsletterDeliveries.id })
			.from(newsletterDeliveries)
			.where(eq(newsletterDeliveries.issueId, issue.id));
		expect(queued.length).toBeGreaterThanOrEqual(6);
		const now = new Date();
		const claims = await Promise.all(Array.from({ length: 4 }, () => claimDeliveries(3, 60_000, now)));
		const claimed = claims.flat().map((row) => row.id);
		expect(new Set(claimed).size).toBe(claimed.length);
		expect(new Set(claimed)).toEqual(new Set(queued.map((row) => row.id)));
		expect(claims.flat().every((row) => row.claimedAt.getTime() === now.getTime())).toBe(true);
	});

	it("keeps this node's generation status, and lists it among the nodes", async () => {
		generationStatus.update({ lastPageCount: 41, lastDurationMs: 5 });
		expect(generationStatus.get().lastPageCount).toBe(41);
		await expect
			.poll(async () => (await generationStatus.all()).map((node) => node.lastPageCount))
			.toContain(41);
	});

	it('finds articles by a word prefix, accents and case aside, and orders titles as SQLite NOCASE', async () => {
		const author = await newAccount();
		const input = (title: string) => ({
			title,
			excerpt: 'An excerpt.',
			content: 'Body.',
			category: 'Trends',
			imageUrl: null,
			tags: ['engines'],
			readTime: 3,
			isPublished: true,
			publishAt: null,
			metaTitle: null,
			metaDescription: null,
		});
		for (const title of ['banana Zyxwvé', 'Apple zyxwve', '_under zyxwve', 'Élan zyxwve']) {
			await createArticle('news', input(title), author.id);
		}
		await createArticle('news', { ...input('Draft zyxwve'), isPublished: false }, author.id);
		const found = await listPublished(
			'news',
			articleListQuerySchema.parse({ search: 'ZYXW', sortBy: 'title', sortOrder: 'asc' }),
		);
		// NOCASE folds ASCII letters to lower case and compares code points: "_" (5F) before
		// the letters, "É" after them.
		expect(found.map((article) => article.title)).toEqual([
			'_under zyxwve',
			'Apple zyxwve',
			'banana Zyxwvé',
			'Élan zyxwve',
		]);
		const editors = await listAll('news', editorArticleListQuerySchema.parse({ search: 'zyxwve' }));
		expect(editors.total).toBe(5);
		expect(editors.articles).toHaveLength(5);
	});

	it('tells a unique violation from other failures', async () => {
		const taken = await newAccount();
		const duplicate = db()
			.insert(users)
			.values({ email: taken.email, username: `other-${name}`, passwordHash: 'x' });
		const error = await Promise.resolve(duplicate).then(
			() => undefined,
			(caught: unknown) => caught,
		);
		expect(error).toBeDefined();
		expect(isUniqueViolation(error)).toBe(true);
		expect(isUniqueViolation(new Error('something else'))).toBe(false);
		await expect(newAccount({ email: taken.email })).rejects.toThrow('already');
	});
});
