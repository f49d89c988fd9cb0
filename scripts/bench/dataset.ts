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
import { seedDemoContent, seedIfEmpty } from '../seed/index';
import { hashPassword } from '@/server/auth/password';
import {
	closePostgres,
	migratePostgres,
	openPostgres,
	schema as postgresSchema,
} from '@/server/db/postgres-connection';
import { closeDatabase, openDatabase, type AppDatabase } from '@/server/db';
import { chooseEngine } from '@/server/db/engine';
import { recountPlatforms } from '@/server/community/reviews';
import { COMPANY_SIZES, INDUSTRIES, REVIEWER_ROLES } from '@/lib/review-profile';
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
		let number = existing;
		for (const article of generatedArticles(inserted, paragraphs)) {
			number += 1;
			batch.push({
				...article,
				// Unique whatever the generated titles: the benchmark reads articles by slug.
				slug: `bench-article-${number}`,
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

/** The reviews' phase: the platform's paged list with filters, its breakdown, the market map. */
export function reviewQueries(platformId: number) {
	const list = `/api/platforms/${platformId}/ratings`;
	const filters = 'reviewerRole=agency&companySize=51-200&industry=grocery';
	return [
		{ name: 'list, three filters, newest', path: `${list}?${filters}`, budget: true },
		{
			name: 'list, three filters, 4 stars, helpful',
			path: `${list}?${filters}&stars=4&sort=helpful`,
			budget: true,
		},
		{ name: 'list, one filter, highest', path: `${list}?reviewerRole=brand&sort=highest`, budget: true },
		{ name: 'list, 5 stars, lowest', path: `${list}?stars=5&sort=lowest`, budget: true },
		{ name: 'list, no filter, newest', path: list, budget: true },
		{ name: 'list, no filter, helpful', path: `${list}?sort=helpful`, budget: true },
		{ name: 'list, page 50 (offset 980)', path: `${list}?offset=980`, budget: true },
		{ name: 'platform with its rating breakdown', path: `/api/platforms/${platformId}`, budget: true },
		{ name: 'market map API', path: '/api/platforms/map', budget: false },
		{ name: 'market map page', path: '/platforms/map', budget: false },
	];
}

export type ReviewDatasetFigures = {
	platformId: number;
	reviews: number;
	platforms: number;
	insertMs: number;
};

/**
 * Reviews at scale: `reviews` reviewers (one account each, one in 200 banned so the hidden
 * reviews are among them) rate the first demo platform with every structured part filled from a
 * seeded generator, and generated platforms top the directory up to `platforms` (the market
 * map's size). The platform's numbers are recounted through the app's own rule afterwards.
 */
export async function addReviewsAndPlatforms(
	path: string,
	{ reviews, platforms }: { reviews: number; platforms: number },
): Promise<ReviewDatasetFigures> {
	const db = openDatabase(path);
	try {
		const started = performance.now();
		const client = db.$client;
		const platformId = (client.prepare('SELECT min(id) AS id FROM platforms').get() as { id: number }).id;
		const next = seededRandom(20261127);
		const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
		const maybe = () => (next() < 0.8 ? 1 + Math.floor(next() * 5) : null);
		const addUser = client.prepare(
			`INSERT INTO users (username, email, password_hash, role, is_banned, email_verified, created_at)
			 VALUES (?, ?, 'not-a-hash', 'user', ?, ?, ?) RETURNING id`,
		);
		const addReview = client.prepare(
			`INSERT INTO platform_ratings (platform_id, user_id, rating, review, pros, cons, ease_of_use,
				support, measurement, value_for_money, reviewer_role, company_size, industry, created_at, updated_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		);
		const existingPlatforms = (client.prepare('SELECT count(*) AS n FROM platforms').get() as { n: number })
			.n;
		const addPlatform = client.prepare(
			`INSERT INTO platforms (name, description, pricing, features, pros, cons, category, rating,
				review_count, sort_order, created_at, updated_at)
			 VALUES (?, ?, 'CPC', ?, '[]', '[]', ?, ?, ?, 0, ?, ?)`,
		);
		const now = Date.now();
		const twoYears = 2 * 365 * 24 * 3600 * 1000;
		client.transaction(() => {
			for (let i = 0; i < reviews; i++) {
				const created = now - Math.floor(next() * twoYears);
				const { id } = addUser.get(
					`reviewer${i}`,
					`reviewer${i}@bench.example`,
					i % 200 === 0 ? 1 : 0,
					next() < 0.7 ? 1 : 0,
					created,
				) as { id: number };
				const stars = 1 + Math.floor(next() * 5);
				addReview.run(
					platformId,
					id,
					stars,
					next() < 0.6 ? sentence(next, 20) : null,
					next() < 0.4 ? sentence(next, 6) : null,
					next() < 0.4 ? sentence(next, 6) : null,
					maybe(),
					maybe(),
					maybe(),
					maybe(),
					next() < 0.7 ? pick(REVIEWER_ROLES) : null,
					next() < 0.7 ? pick(COMPANY_SIZES) : null,
					next() < 0.7 ? pick(INDUSTRIES) : null,
					created,
					created,
				);
			}
			for (let i = existingPlatforms; i < platforms; i++) {
				const created = now - Math.floor(next() * twoYears);
				addPlatform.run(
					`Generated platform ${i + 1}`,
					sentence(next, 18),
					JSON.stringify([words(next, 2), words(next, 2)]),
					pick(['Retail Media Network', 'DSP', 'Measurement', 'Commerce Media']),
					Math.round((1 + next() * 4) * 10) / 10,
					Math.floor(next() * 300),
					created,
					created,
				);
			}
		})();
		client.exec('ANALYZE');
		const total = (client.prepare('SELECT count(*) AS n FROM platforms').get() as { n: number }).n;
		client.close();
		chooseEngine({ databasePath: path });
		await recountPlatforms([platformId]);
		return { platformId, reviews, platforms: total, insertMs: performance.now() - started };
	} finally {
		if (db.$client.open) db.$client.close();
		await closeDatabase();
	}
}
