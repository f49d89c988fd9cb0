/**
 * Demo content for a fresh install: platforms with a community around them, news, education,
 * podcast episodes and the static pages. Every function takes the database as a parameter so
 * tests can seed their own temp file; nothing here opens the app's shared connection.
 */
import { count } from 'drizzle-orm';
import { schema, type AppDatabase } from '@/server/db';
import { hashSeedPasswords, insertDemoContent } from './insert';
import type { SeedWriter } from './types';

export { DEMO_ACCOUNTS } from './users';

type Reader = Pick<SeedWriter, 'select'>;

function rowCount(
	reader: Reader,
	table: typeof schema.users | typeof schema.platforms | typeof schema.articles,
) {
	return reader.select({ n: count() }).from(table).get()?.n ?? 0;
}

/** "Empty" means nobody has set the site up yet: no users, no platforms and no articles. */
function isUnused(reader: Reader): boolean {
	return (
		rowCount(reader, schema.users) === 0 &&
		rowCount(reader, schema.platforms) === 0 &&
		rowCount(reader, schema.articles) === 0
	);
}

/** Inserts all demo content in one transaction (it is all there, or none of it is). */
export async function seedDemoContent(db: AppDatabase): Promise<void> {
	const hashes = await hashSeedPasswords();
	db.transaction((tx) => insertDemoContent(tx, hashes));
}

/**
 * Seeds a database nobody has used yet and reports whether it did. The emptiness check runs
 * again inside an IMMEDIATE transaction, so two processes starting together seed only once.
 */
export async function seedIfEmpty(db: AppDatabase): Promise<boolean> {
	if (!isUnused(db)) return false;
	const hashes = await hashSeedPasswords();
	return db.transaction(
		(tx) => {
			if (!isUnused(tx)) return false;
			insertDemoContent(tx, hashes);
			return true;
		},
		{ behavior: 'immediate' },
	);
}

/** Row counts of the seeded tables, for the seed script's summary. */
export function contentCounts(db: AppDatabase) {
	const tables = {
		users: schema.users,
		platforms: schema.platforms,
		ratings: schema.platformRatings,
		comments: schema.platformComments,
		votes: schema.commentVotes,
		articles: schema.articles,
		episodes: schema.podcastEpisodes,
		pages: schema.staticPages,
	};
	return Object.fromEntries(
		Object.entries(tables).map(([name, table]) => [
			name,
			db.select({ n: count() }).from(table).get()?.n ?? 0,
		]),
	) as Record<keyof typeof tables, number>;
}
