/**
 * Demo content for a fresh install: platforms with a community around them, news, education,
 * podcast episodes and the static pages. Every function takes the database as a parameter so
 * tests can seed their own temp file; nothing here opens the app's shared connection.
 */
import { count } from 'drizzle-orm';
import { schemaOf, transaction, type AppDatabase, type Reader } from '@/server/db';
import { hashSeedPasswords, insertDemoContent, type PasswordHasher } from './insert';

export type { PasswordHasher };

export { DEMO_ACCOUNTS } from './users';

async function rowCount(reader: Reader, table: 'users' | 'platforms' | 'articles') {
	const [row] = await reader.select({ n: count() }).from(schemaOf(reader)[table]);
	return Number(row?.n ?? 0);
}

/** "Empty" means nobody has set the site up yet: no users, no platforms and no articles. */
async function isUnused(reader: Reader): Promise<boolean> {
	return (
		(await rowCount(reader, 'users')) === 0 &&
		(await rowCount(reader, 'platforms')) === 0 &&
		(await rowCount(reader, 'articles')) === 0
	);
}

/** Inserts all demo content in one transaction (it is all there, or none of it is). */
export async function seedDemoContent(db: AppDatabase, hashPassword: PasswordHasher): Promise<void> {
	const hashes = await hashSeedPasswords(hashPassword);
	await transaction((tx) => insertDemoContent(tx, hashes), db);
}

/**
 * Seeds a database nobody has used yet and reports whether it did. The emptiness check runs
 * again inside the transaction (SQLite's takes the write lock at once), so two processes
 * starting together on one SQLite file seed only once; on PostgreSQL the caller holds the
 * migration lock (migratePostgres).
 */
export async function seedIfEmpty(db: AppDatabase, hashPassword: PasswordHasher): Promise<boolean> {
	if (!(await isUnused(db))) return false;
	const hashes = await hashSeedPasswords(hashPassword);
	return transaction(async (tx) => {
		if (!(await isUnused(tx))) return false;
		await insertDemoContent(tx, hashes);
		return true;
	}, db);
}

/** Row counts of the seeded tables, for the seed script's summary. */
export async function contentCounts(db: AppDatabase) {
	const schema = schemaOf(db);
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
	const counts: Record<string, number> = {};
	for (const [name, table] of Object.entries(tables)) {
		const [row] = await db.select({ n: count() }).from(table);
		counts[name] = Number(row?.n ?? 0);
	}
	return counts as Record<keyof typeof tables, number>;
}
