/**
 * The migration that gives every existing platform, article, episode and newsletter issue a
 * slug, on both engines: made from the name or title as src/lib/slugs.ts makes one, named by
 * kind and id where the title gives none (letters beyond ASCII, no letter, a reserved word, the
 * word "vs" in a platform's name), unique per kind (the later of two equal ones gets its id).
 */
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import * as sqliteSchema from '@db/schema';
import { slugFromTitle } from '@/lib/slugs';
import { emptyPostgresDatabase, type TestPostgres } from '../support/postgres-databases';
import { upgradeMigrations } from '../support/migrations';

let postgres: TestPostgres | undefined;

afterAll(async () => {
	await postgres?.close();
});

const foldersAroundSlugs = upgradeMigrations('_slugs_and_search_meta');

const PLATFORM_NAMES = [
	'Amazon Ads',
	'Kroger’s Precision Marketing',
	'Walmart Connect: A/B & More',
	'Amazon Ads',
	'Café Média',
	'2024',
	'Map',
	'Ads vs Brands',
	'  Spaced   --  Out!  ',
];

function quoted(text: string): string {
	return `'${text.replaceAll("'", "''")}'`;
}

function history(now: string): SQL[] {
	const platforms = PLATFORM_NAMES.map(
		(name, i) => `(${i + 1}, ${quoted(name)}, 'd', 'CPM', 'DSP', '[]', '[]', '[]', ${now}, ${now})`,
	);
	return [
		sql.raw(
			`insert into platforms (id, name, description, pricing, category, features, pros, cons, created_at, updated_at) values ${platforms.join(', ')}`,
		),
		sql.raw(`insert into articles (id, kind, title, excerpt, content, category, tags, created_at, updated_at) values
			(1, 'news', 'Retail media in 2026', 'e', 'c', 'Trends', '[]', ${now}, ${now}),
			(2, 'education', 'Retail media in 2026', 'e', 'c', 'Basics', '[]', ${now}, ${now}),
			(3, 'news', 'Retail media in 2026', 'e', 'c', 'Trends', '[]', ${now}, ${now})`),
		sql.raw(`insert into podcast_episodes (id, title, description, audio_url, duration, episode_number, published_at, tags) values
			(1, 'RSS', 'd', '/a.mp3', 30, 1, ${now}, '[]'),
			(2, 'Episode one: the basics', 'd', '/a.mp3', 30, 2, ${now}, '[]')`),
		sql.raw(
			`insert into newsletter_issues (id, subject, content, created_at, updated_at) values (1, 'Confirm', 'c', ${now}, ${now}), (2, 'The weekly brief', 'c', ${now}, ${now})`,
		),
	];
}

const slugs = sql`
	select 'platform' as kind, id, slug from platforms
	union all select kind, id, slug from articles
	union all select 'episode', id, slug from podcast_episodes
	union all select 'issue', id, slug from newsletter_issues
	order by kind, id`;

const expected = [
	{ kind: 'education', id: 2, slug: 'retail-media-in-2026' },
	{ kind: 'episode', id: 1, slug: 'episode-1' },
	{ kind: 'episode', id: 2, slug: 'episode-one-the-basics' },
	{ kind: 'issue', id: 1, slug: 'issue-1' },
	{ kind: 'issue', id: 2, slug: 'the-weekly-brief' },
	{ kind: 'news', id: 1, slug: 'retail-media-in-2026' },
	{ kind: 'news', id: 3, slug: 'retail-media-in-2026-3' },
	{ kind: 'platform', id: 1, slug: 'amazon-ads' },
	{ kind: 'platform', id: 2, slug: 'krogers-precision-marketing' },
	{ kind: 'platform', id: 3, slug: 'walmart-connect-a-b-and-more' },
	{ kind: 'platform', id: 4, slug: 'amazon-ads-4' },
	{ kind: 'platform', id: 5, slug: 'platform-5' },
	{ kind: 'platform', id: 6, slug: 'platform-6' },
	{ kind: 'platform', id: 7, slug: 'platform-7' },
	{ kind: 'platform', id: 8, slug: 'platform-8' },
	{ kind: 'platform', id: 9, slug: 'spaced-out' },
];

describe('the slugs the migration gives existing rows', () => {
	it('match the slugs new items get from the same ASCII titles', () => {
		for (const row of expected.filter(({ slug }) => !/-\d+$/.test(slug))) {
			const title = row.kind === 'platform' ? PLATFORM_NAMES[row.id - 1]! : undefined;
			if (title) expect(slugFromTitle(title, 'platform')).toBe(row.slug);
		}
	});

	it('SQLite: every row gets a unique slug', () => {
		const { before, all } = foldersAroundSlugs(resolve('db/migrations'));
		const db = drizzle(new Database(':memory:'), { schema: sqliteSchema });
		migrateSqlite(db, { migrationsFolder: before });
		for (const statement of history('0')) db.run(statement);
		migrateSqlite(db, { migrationsFolder: all });
		expect(db.all(slugs)).toEqual(expected);
	});

	it('PostgreSQL: every row gets a unique slug', async () => {
		const { before, all } = foldersAroundSlugs(resolve('db/migrations-postgres'));
		postgres = await emptyPostgresDatabase();
		const { db } = postgres;
		await migratePostgres(db, { migrationsFolder: before });
		for (const statement of history('now()')) await db.execute(statement);
		await migratePostgres(db, { migrationsFolder: all });
		const { rows } = await db.execute(slugs);
		expect(rows).toEqual(expected);
	});
});
