/**
 * Benchmark databases: the demo content, plus generated articles up to a target count, inserted
 * in one transaction through one prepared statement (the FTS5 triggers of migration 0001 index
 * them as they go). The text is made from a fixed vocabulary with a seeded generator, so every
 * run searches the same data:
 *   - "retail" is in nearly every article (a very common term),
 *   - "media" in most, so "retail media" is a common two-word query,
 *   - "zephyrine" in about one article in 10,000 (a rare term).
 */
import { count, eq, sql } from 'drizzle-orm';
import { seedDemoContent, seedIfEmpty } from '@db/seed/index';
import { hashPassword } from '@/server/auth/password';
import {
	closePostgres,
	migratePostgres,
	openPostgres,
	schema as postgresSchema,
} from '@/server/db/postgres-connection';
import { closeDatabase, openDatabase, type AppDatabase } from '@/server/db';
import * as schema from '@db/schema';
import { ARTICLE_CATEGORIES } from '@/lib/categories';
import { seededRandom } from '@/lib/seeded-random';

export const SEARCH_TERMS = {
	rare: 'zephyrine',
	common: 'retail',
	twoWords: 'retail media',
} as const;

const SEARCH_CASES = [
	['rare term', SEARCH_TERMS.rare],
	['common term', SEARCH_TERMS.common],
	['two words', SEARCH_TERMS.twoWords],
] as const;

/**
 * The measured searches: a name for the report and the path that runs it. The news list's
 * search, then the same terms through the site search (GET /api/search: news, education,
 * episodes, platforms and pages in one answer).
 */
export const SEARCH_QUERIES = [
	...SEARCH_CASES.map(([name, term]) => ({ name, path: `/api/news?search=${encodeURIComponent(term)}` })),
	...SEARCH_CASES.map(([name, term]) => ({
		name: `site search, ${name}`,
		path: `/api/search?q=${encodeURIComponent(term)}`,
	})),
];

/** True for a site search path (its own budget in the report). */
export const isSiteSearch = (path: string) => path.startsWith('/api/search?');

const WORDS = (
	'shopper audience sponsored product listing onsite offsite display video search ' +
	'measurement attribution incrementality clean room first party data loyalty grocery ' +
	'marketplace checkout basket conversion budget agency brand retailer platform network ' +
	'inventory self serve managed service programmatic connected television in store screens ' +
	'coupon promotion category share growth margin forecast campaign creative targeting ' +
	'reporting dashboard api integration partner omnichannel pharmacy beauty electronics ' +
	'apparel convenience delivery subscription pricing auction bid keyword relevance'
).split(' ');

function words(next: () => number, n: number): string {
	const out: string[] = [];
	for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
	return out.join(' ');
}

function sentence(next: () => number, n: number): string {
	const text = words(next, n);
	return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** Markdown of a realistic length: a few paragraphs, a heading and a list. */
function body(next: () => number, paragraphs: number): string {
	const parts: string[] = [];
	for (let p = 0; p < paragraphs; p++) {
		if (p === 1) parts.push(`## ${sentence(next, 4).slice(0, -1)}`);
		if (p === 2) parts.push(['- ', '- ', '- '].map((dash) => dash + sentence(next, 6)).join('\n'));
		parts.push(Array.from({ length: 4 }, () => sentence(next, 12)).join(' '));
	}
	return parts.join('\n\n');
}

export type DatasetFigures = {
	articles: number;
	inserted: number;
	insertMs: number;
};

/** Creates (migrates) a database, seeds the demo content and tops articles up to `articles`. */
export async function createDataset(
	path: string,
	articles: number | 'demo',
	{ paragraphs = 5 }: { paragraphs?: number } = {},
): Promise<DatasetFigures> {
	const db = openDatabase(path);
	try {
		await seedDemoContent(db, hashPassword);
		const existing = publishedCount(db);
		const wanted = articles === 'demo' ? existing : articles;
		const started = performance.now();
		const inserted = Math.max(0, wanted - existing);
		if (inserted > 0) insertArticles(db, inserted, paragraphs);
		return { articles: publishedCount(db), inserted, insertMs: performance.now() - started };
	} finally {
		db.$client.close();
		await closeDatabase();
	}
}

function publishedCount(db: AppDatabase): number {
	return (
		db.select({ n: count() }).from(schema.articles).where(eq(schema.articles.isPublished, true)).get()?.n ?? 0
	);
}

/** One generated article, the same on every run and for both engines. */
export type GeneratedArticle = {
	kind: 'news' | 'education';
	title: string;
	excerpt: string;
	content: string;
	category: string;
	tags: string[];
	readTime: number;
	createdAt: Date;
};

/** The generated articles, in order (a seeded generator: every run makes the same ones). */
export function* generatedArticles(n: number, paragraphs: number): Generator<GeneratedArticle> {
	const next = seededRandom(20240601);
	const now = Date.now();
	const threeYears = 3 * 365 * 24 * 3600 * 1000;
	for (let i = 0; i < n; i++) {
		const kind = next() < 0.8 ? 'news' : 'education';
		const categories = ARTICLE_CATEGORIES[kind];
		const category = categories[Math.floor(next() * categories.length)]!;
		const rare = i % 10_000 === 4_321 ? ` ${SEARCH_TERMS.rare}` : '';
		const common = next() < 0.97 ? 'Retail' : 'Commerce';
		const media = next() < 0.7 ? ' media' : '';
		const title = `${common}${media} ${words(next, 5)}${rare} #${i + 1}`;
		const excerpt = sentence(next, 24);
		const tags = [words(next, 1), words(next, 1)];
		const created = now - Math.floor(next() * threeYears);
		const content = body(next, paragraphs);
		yield {
			kind,
			title,
			excerpt,
			content,
			category,
			tags,
			readTime: 1 + Math.floor(next() * 15),
			createdAt: new Date(created),
		};
	}
}

function insertArticles(db: AppDatabase, n: number, paragraphs: number): void {
	const editor = db
		.select({ id: schema.users.id })
		.from(schema.users)
		.where(eq(schema.users.role, 'editor'))
		.get();
	const insert = db.$client.prepare(
		`INSERT INTO articles (kind, title, excerpt, content, category, image_url, tags, read_time,
			is_published, author_id, created_at, updated_at)
		 VALUES (?, ?, ?, ?, ?, NULL, ?, ?, 1, ?, ?, ?)`,
	);
	db.$client.transaction(() => {
		for (const article of generatedArticles(n, paragraphs)) {
			const created = article.createdAt.getTime();
			insert.run(
				article.kind,
				article.title,
				article.excerpt,
				article.content,
				article.category,
				JSON.stringify(article.tags),
				article.readTime,
				editor?.id ?? null,
				created,
				created,
			);
		}
	})();
}

/**
 * The same data set on PostgreSQL: migrates the database, seeds the demo content and tops the
 * articles up to `articles`, in batches (the generated search column is filled as they go).
 */
export async function createPostgresDataset(
	url: string,
	articles: number,
	{ paragraphs = 5 }: { paragraphs?: number } = {},
): Promise<DatasetFigures> {
	const database = openPostgres(url, { max: 2 });
	const { articles: table, users } = postgresSchema;
	const published = async () =>
		Number((await database.select({ n: count() }).from(table).where(eq(table.isPublished, true)))[0]?.n ?? 0);
	try {
		await migratePostgres(database, {
			seedIfEmpty: (locked) => seedIfEmpty(locked as unknown as AppDatabase, hashPassword),
		});
		const existing = await published();
		const inserted = Math.max(0, articles - existing);
		const started = performance.now();
		const [editor] = await database.select({ id: users.id }).from(users).where(eq(users.role, 'editor'));
		let batch: Array<typeof table.$inferInsert> = [];
		const flush = async () => {
			if (batch.length > 0) await database.insert(table).values(batch);
			batch = [];
		};
		for (const article of generatedArticles(inserted, paragraphs)) {
			batch.push({
				...article,
				imageUrl: null,
				isPublished: true,
				authorId: editor?.id ?? null,
				updatedAt: article.createdAt,
			});
			if (batch.length === 1000) await flush();
		}
		await flush();
		await database.execute(sql`analyze articles`);
		return { articles: await published(), inserted, insertMs: performance.now() - started };
	} finally {
		await closePostgres(database);
	}
}
