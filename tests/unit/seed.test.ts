/**
 * The demo seed: seeds once, covers every category the screens filter by, and keeps the
 * denormalised numbers (platform rating and reviewCount, comment vote counts) equal to the rows.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, contentCounts, seedIfEmpty } from '../../scripts/seed/index';
import {
	EDUCATION_CATEGORIES,
	NEWS_CATEGORY_GROUPS,
	PLATFORM_CATEGORIES,
	STATIC_PAGE_SLUGS,
} from '@/lib/categories';
import { demoAudioMinutes } from '@/lib/demo-audio';
import { articleInputSchemas, staticPageInputSchema } from '@/lib/validation/content';
import { platformFormSchema, ratingSchema } from '@/lib/validation/platforms';
import { REVIEW_FILTERS, SUB_RATINGS } from '@/lib/review-profile';
import { hashPassword, verifyPassword } from '@/server/auth/password';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '@/server/auth/session';
import { openDatabase, type AppDatabase } from '@/server/db';
import * as schema from '@db/schema';
import {
	closePostgres,
	migratePostgres,
	openPostgres,
	schema as postgresSchema,
} from '@/server/db/postgres-connection';
import { emptyPostgresDatabase } from '../support/postgres-databases';

const HOUR_MS = 60 * 60 * 1000;

let dir: string;
let db: AppDatabase;
let firstRun: boolean;
let secondRun: boolean;
let countsAfterFirst: Awaited<ReturnType<typeof contentCounts>>;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-seed-'));
	db = openDatabase(join(dir, 'app.db'));
	firstRun = await seedIfEmpty(db, hashPassword);
	countsAfterFirst = await contentCounts(db);
	secondRun = await seedIfEmpty(db, hashPassword);
});

afterAll(() => {
	db.$client.close();
	rmSync(dir, { recursive: true, force: true });
});

const allArticles = () => db.select().from(schema.articles).all();
const publicPath = (path: string) => join(process.cwd(), 'public', path);

describe('seedIfEmpty', () => {
	it('seeds an empty database once and leaves it alone the second time', async () => {
		expect(firstRun).toBe(true);
		expect(secondRun).toBe(false);
		expect(await contentCounts(db)).toEqual(countsAfterFirst);
	});

	it('does not seed a database that already has a user', async () => {
		const other = openDatabase(join(dir, 'used.db'));
		other
			.insert(schema.users)
			.values({ username: 'someone', email: 'someone@example.com', passwordHash: 'x' })
			.run();
		expect(await seedIfEmpty(other, hashPassword)).toBe(false);
		expect((await contentCounts(other)).platforms).toBe(0);
		other.$client.close();
	});
});

describe('users', () => {
	it('has a demo editor and a demo user whose passwords verify', async () => {
		for (const account of Object.values(DEMO_ACCOUNTS)) {
			const row = db.select().from(schema.users).where(eq(schema.users.email, account.email)).get();
			expect(row).toMatchObject({
				username: account.username,
				role: account.role,
				isBanned: false,
			});
			expect(await verifyPassword(row!.passwordHash, account.password)).toBe(true);
			expect(await verifyPassword(row!.passwordHash, 'wrong-password')).toBe(false);
		}
	});

	it('gives the demo editor a display name for bylines; the demo user keeps the username', () => {
		const byEmail = (email: string) =>
			db.select().from(schema.users).where(eq(schema.users.email, email)).get()!;
		expect(byEmail(DEMO_ACCOUNTS.editor.email).displayName).toBe('Morgan Reyes');
		expect(byEmail(DEMO_ACCOUNTS.user.email).displayName).toBeNull();
	});

	it('has a community with one banned member and some newsletter subscribers', async () => {
		const users = db.select().from(schema.users).all();
		expect(users.length).toBeGreaterThanOrEqual(12);
		const banned = users.filter((user) => user.isBanned);
		expect(banned.map((user) => user.email)).toEqual(['banned@example.com']);
		expect(users.filter((user) => user.isNewsletterSubscribed).length).toBeGreaterThan(2);
		// Demo addresses are ours: every seeded account is verified, so the newsletter reaches them.
		expect(users.filter((user) => !user.emailVerified)).toEqual([]);
		const community = users.find((user) => user.username === 'sarah_brandlead')!;
		expect(await verifyPassword(community.passwordHash, 'community123')).toBe(true);
	});

	it('leaves the demo accounts without ratings, comments or votes', () => {
		const ids = Object.values(DEMO_ACCOUNTS).map(
			(account) => db.select().from(schema.users).where(eq(schema.users.email, account.email)).get()!.id,
		);
		for (const userId of ids) {
			expect(
				db.select().from(schema.platformRatings).where(eq(schema.platformRatings.userId, userId)).all(),
			).toEqual([]);
			expect(
				db.select().from(schema.platformComments).where(eq(schema.platformComments.userId, userId)).all(),
			).toEqual([]);
			expect(
				db.select().from(schema.commentVotes).where(eq(schema.commentVotes.userId, userId)).all(),
			).toEqual([]);
		}
	});
});

describe('platforms', () => {
	it('has at least 24 platforms covering every category', () => {
		const platforms = db.select().from(schema.platforms).all();
		expect(platforms.length).toBeGreaterThanOrEqual(24);
		const used = new Set(platforms.map((platform) => platform.category));
		for (const category of PLATFORM_CATEGORIES) expect(used, category).toContain(category);
	});

	it('passes the platform form rules, with logos that exist (two left for the placeholder)', () => {
		const platforms = db.select().from(schema.platforms).all();
		for (const platform of platforms) {
			const parsed = platformFormSchema.safeParse(platform);
			expect(parsed.success, `${platform.name}: ${parsed.error?.message}`).toBe(true);
			expect(platform.websiteUrl).toMatch(/^https:\/\//);
			expect(platform.features.length).toBeGreaterThanOrEqual(3);
			expect(platform.features.length).toBeLessThanOrEqual(9);
			expect(platform.pros.length).toBeGreaterThanOrEqual(2);
			expect(platform.pros.length).toBeLessThanOrEqual(6);
			expect(platform.cons.length).toBeGreaterThanOrEqual(1);
			expect(platform.cons.length).toBeLessThanOrEqual(4);
			if (platform.logo) expect(existsSync(publicPath(platform.logo)), platform.logo).toBe(true);
		}
		expect(platforms.filter((platform) => platform.logo === null)).toHaveLength(2);
		const recommended = platforms.filter((platform) => platform.isRecommended).length;
		expect(recommended).toBeGreaterThanOrEqual(3);
		expect(recommended).toBeLessThanOrEqual(5);
	});

	it('stores each rating and reviewCount as the aggregate of its ratings', () => {
		const ratings = db.select().from(schema.platformRatings).all();
		for (const platform of db.select().from(schema.platforms).all()) {
			const stars = ratings.filter((r) => r.platformId === platform.id).map((r) => r.rating);
			const sum = stars.reduce((total, value) => total + value, 0);
			const average = stars.length ? Math.round((sum * 100) / stars.length) / 100 : 0;
			expect(platform.reviewCount, platform.name).toBe(stars.length);
			expect(platform.rating, platform.name).toBeCloseTo(average, 10);
			// The kept breakdown too.
			const distribution = [1, 2, 3, 4, 5].map((value) => stars.filter((star) => star === value).length);
			expect(
				[platform.stars1, platform.stars2, platform.stars3, platform.stars4, platform.stars5],
				platform.name,
			).toEqual(distribution);
		}
	});

	it('stores each sub-score average and count as the aggregate of the ratings that gave it', () => {
		const ratings = db.select().from(schema.platformRatings).all();
		for (const platform of db.select().from(schema.platforms).all()) {
			for (const key of SUB_RATINGS) {
				const given = ratings
					.filter((rating) => rating.platformId === platform.id && rating[key] !== null)
					.map((rating) => rating[key]!);
				const sum = given.reduce((total, value) => total + value, 0);
				const expected = given.length ? Math.round((sum / given.length) * 10) / 10 : null;
				expect(platform[`${key}Average`], `${platform.name} ${key}`).toBe(expected);
				expect(platform[`${key}Count`], `${platform.name} ${key} count`).toBe(given.length);
			}
		}
	});

	// Buyers filter reviews by who wrote them and read sub-score averages: the demo must show
	// something there (issue 43, M4), varying by platform, and pass the rating form's rules.
	it('gives most ratings sub-scores and who wrote them, and every written review pros and cons', () => {
		const ratings = db.select().from(schema.platformRatings).all();
		const withProfile = ratings.filter(
			(rating) => rating.reviewerRole && rating.companySize && rating.industry,
		);
		const withScores = ratings.filter((rating) => SUB_RATINGS.every((key) => rating[key] !== null));
		expect(withProfile.length).toBeGreaterThanOrEqual(ratings.length / 2);
		expect(withScores.length).toBeGreaterThanOrEqual(ratings.length / 2);
		for (const rating of ratings.filter((rating) => rating.review)) {
			expect(rating.pros, rating.review!).toBeTruthy();
			expect(rating.cons, rating.review!).toBeTruthy();
		}
		for (const rating of ratings) {
			const parsed = ratingSchema.safeParse({
				rating: rating.rating,
				review: rating.review,
				pros: rating.pros,
				cons: rating.cons,
				subRatings: Object.fromEntries(SUB_RATINGS.map((key) => [key, rating[key]])),
				reviewerRole: rating.reviewerRole ?? undefined,
				companySize: rating.companySize ?? undefined,
				industry: rating.industry ?? undefined,
			});
			expect(parsed.error?.issues ?? [], String(rating.id)).toEqual([]);
		}
		// Each filter has several values in use, and a filtered list is not the whole list.
		for (const filter of REVIEW_FILTERS) {
			expect(new Set(withProfile.map((rating) => rating[filter])).size, filter).toBeGreaterThanOrEqual(3);
		}
		// Averages differ between platforms: they say something of each.
		const averages = db
			.select()
			.from(schema.platforms)
			.all()
			.filter((platform) => platform.supportAverage !== null);
		expect(averages.length).toBeGreaterThanOrEqual(20);
		expect(new Set(averages.map((platform) => platform.supportAverage)).size).toBeGreaterThanOrEqual(5);
	});

	it('has ratings with and without reviews, one per user per platform', () => {
		const ratings = db.select().from(schema.platformRatings).all();
		expect(ratings.some((rating) => rating.review)).toBe(true);
		expect(ratings.some((rating) => rating.review === null)).toBe(true);
		const pairs = new Set(ratings.map((rating) => `${rating.platformId}:${rating.userId}`));
		expect(pairs.size).toBe(ratings.length);
		for (const rating of ratings) expect(rating.rating).toBeGreaterThanOrEqual(1);
	});

	it('leaves at least one platform without ratings or comments, for the empty states', () => {
		const ratings = db.select().from(schema.platformRatings).all();
		const comments = db.select().from(schema.platformComments).all();
		const untouched = db
			.select()
			.from(schema.platforms)
			.all()
			.filter(
				(platform) =>
					!ratings.some((r) => r.platformId === platform.id) &&
					!comments.some((c) => c.platformId === platform.id),
			);
		expect(untouched.length).toBeGreaterThanOrEqual(1);
		expect(untouched[0]).toMatchObject({ rating: 0, reviewCount: 0 });
	});
});

describe('comments and votes', () => {
	it('has approved, pending and rejected comments', () => {
		const statuses = db
			.select()
			.from(schema.platformComments)
			.all()
			.map((c) => c.status);
		expect(statuses.filter((status) => status === 'approved').length).toBeGreaterThan(20);
		expect(statuses.filter((status) => status === 'pending').length).toBeGreaterThanOrEqual(3);
		expect(statuses.filter((status) => status === 'rejected').length).toBeGreaterThanOrEqual(2);
	});

	it('keeps each comment’s helpful and unhelpful counts equal to its votes', () => {
		const votes = db.select().from(schema.commentVotes).all();
		expect(votes.length).toBeGreaterThan(0);
		for (const comment of db.select().from(schema.platformComments).all()) {
			const own = votes.filter((vote) => vote.commentId === comment.id);
			expect(comment.helpfulVotes).toBe(own.filter((v) => v.voteType === 'helpful').length);
			expect(comment.unhelpfulVotes).toBe(own.filter((v) => v.voteType === 'unhelpful').length);
		}
		const pairs = new Set(votes.map((vote) => `${vote.commentId}:${vote.userId}`));
		expect(pairs.size).toBe(votes.length);
	});
});

describe('articles', () => {
	it('has 12 news and 8 education articles with some drafts', () => {
		const articles = allArticles();
		const news = articles.filter((article) => article.kind === 'news');
		const education = articles.filter((article) => article.kind === 'education');
		expect(news).toHaveLength(12);
		expect(education).toHaveLength(8);
		expect(news.filter((article) => !article.isPublished)).toHaveLength(2);
		expect(education.filter((article) => !article.isPublished)).toHaveLength(1);
	});

	it('uses retail sectors and topics for news, and every education category', () => {
		const articles = allArticles();
		const published = articles.filter((article) => article.isPublished);
		const newsCategories = published.filter((a) => a.kind === 'news').map((a) => a.category);
		const [sectors, topics] = NEWS_CATEGORY_GROUPS;
		expect(sectors.options.filter((c) => newsCategories.includes(c)).length).toBeGreaterThanOrEqual(3);
		expect(newsCategories.filter((c) => c === 'Platform Updates').length).toBeGreaterThanOrEqual(2);
		expect(topics.options.filter((c) => newsCategories.includes(c)).length).toBeGreaterThanOrEqual(4);
		const educationCategories = new Set(
			articles.filter((a) => a.kind === 'education').map((a) => a.category),
		);
		for (const category of EDUCATION_CATEGORIES) expect(educationCategories).toContain(category);
	});

	it('passes the article form rules, with markdown bodies of 300 to 700 words', () => {
		for (const article of allArticles()) {
			const parsed = articleInputSchemas[article.kind].safeParse(article);
			expect(parsed.success, `${article.title}: ${parsed.error?.message}`).toBe(true);
			expect(parsed.data?.tags).toEqual(article.tags);
			expect(article.tags.length).toBeGreaterThanOrEqual(2);
			expect(article.tags.length).toBeLessThanOrEqual(5);
			expect(article.readTime).toBeGreaterThanOrEqual(3);
			expect(article.readTime).toBeLessThanOrEqual(12);
			const words = article.content.split(/\s+/).filter(Boolean).length;
			expect(words, article.title).toBeGreaterThanOrEqual(300);
			expect(words, article.title).toBeLessThanOrEqual(700);
			expect(article.content).toMatch(/^## /m);
			expect(article.content).toMatch(/^> /m);
			expect(article.content).toMatch(/^(- |1\. )/m);
			expect(article.content).toMatch(/\]\((\/|https:)/);
			expect(article.authorId).not.toBeNull();
			expect(article.updatedAt.getTime()).toBeGreaterThanOrEqual(article.createdAt.getTime());
		}
	});

	it('links platforms by their real ids and ships the images it names', () => {
		const platformIds = new Set(
			db
				.select()
				.from(schema.platforms)
				.all()
				.map((p) => p.id),
		);
		const articles = allArticles();
		for (const article of articles) {
			expect(article.content).not.toContain('](platform:');
			for (const [, id] of article.content.matchAll(/\]\(\/platforms\/(\d+)\)/g)) {
				expect(platformIds).toContain(Number(id));
			}
			if (article.imageUrl) expect(existsSync(publicPath(article.imageUrl)), article.imageUrl).toBe(true);
		}
		expect(articles.filter((article) => article.imageUrl === null)).toHaveLength(1);
	});

	it('spreads creation times so relative ages show minutes, hours and days', () => {
		const now = Date.now();
		const ages = allArticles()
			.filter((article) => article.isPublished)
			.map((article) => now - article.createdAt.getTime());
		expect(ages.some((age) => age < HOUR_MS)).toBe(true);
		expect(ages.some((age) => age >= HOUR_MS && age < 24 * HOUR_MS)).toBe(true);
		expect(ages.some((age) => age >= 24 * HOUR_MS)).toBe(true);
		expect(Math.max(...ages)).toBeLessThanOrEqual(91 * 24 * HOUR_MS);
	});
});

describe('podcast episodes', () => {
	it('has six episodes over two seasons, one without a cover, each as long as its demo clip', () => {
		const episodes = db
			.select()
			.from(schema.podcastEpisodes)
			.orderBy(schema.podcastEpisodes.episodeNumber)
			.all();
		expect(episodes.map((e) => e.episodeNumber)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(episodes.map((e) => e.seasonNumber)).toEqual([1, 1, 1, 1, 2, 2]);
		// What Listen Now plays: a clip of about 14 s, stated in whole minutes.
		expect(episodes.map((e) => e.duration)).toEqual(episodes.map((e) => demoAudioMinutes(e.audioUrl)));
		expect(new Set(episodes.map((e) => e.duration))).toEqual(new Set([1]));
		expect(episodes.filter((e) => e.imageUrl === null)).toHaveLength(1);
		for (const episode of episodes) {
			// Served by the site itself (public/audio/), so Listen Now works on a fresh install.
			expect(episode.audioUrl).toBe(`/audio/episode-${episode.episodeNumber}.mp3`);
			expect(existsSync(publicPath(episode.audioUrl))).toBe(true);
			if (episode.imageUrl) expect(existsSync(publicPath(episode.imageUrl))).toBe(true);
			expect(episode.authorId).not.toBeNull();
		}
	});
});

describe('platform history', () => {
	it('ends every seeded history at the platform as it is now', () => {
		const platforms = db.select().from(schema.platforms).all();
		const changes = db.select().from(schema.platformChanges).orderBy(schema.platformChanges.at).all();
		expect(changes.length).toBeGreaterThan(0);
		for (const platform of platforms) {
			const own = changes.filter((change) => change.platformId === platform.id);
			const pricing = own.filter((change) => change.field === 'pricing');
			if (pricing.length > 0) expect(JSON.parse(pricing[pricing.length - 1]!.toValue)).toBe(platform.pricing);
			for (const change of own.filter((row) => row.field === 'features')) {
				for (const added of JSON.parse(change.toValue) as string[])
					expect(platform.features).toContain(added);
				for (const removed of JSON.parse(change.fromValue) as string[])
					expect(platform.features).not.toContain(removed);
			}
		}
	});
});

describe('static pages', () => {
	it('has the four pages, valid for the page editor, the contact page with a mailto link', () => {
		const pages = db.select().from(schema.staticPages).all();
		expect(pages.map((page) => page.slug).sort()).toEqual([...STATIC_PAGE_SLUGS].sort());
		for (const page of pages) {
			expect(staticPageInputSchema.safeParse(page).success).toBe(true);
			expect(page.lastModifiedBy).not.toBeNull();
		}
		const contact = pages.find((page) => page.slug === 'contact')!;
		expect(contact.content).toMatch(/\]\(mailto:[^)]+@[^)]+\)/);
		expect(pages.find((page) => page.slug === 'about-us')!.title).toBe('About Us');
	});

	it('has a privacy policy that names every cookie a sign-in sets', () => {
		const privacy = db
			.select()
			.from(schema.staticPages)
			.all()
			.find((page) => page.slug === 'privacy-policy')!;
		const cookies = privacy.content.slice(privacy.content.indexOf('## Cookies'));
		expect(cookies).toContain('two essential cookies');
		for (const name of [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]) expect(cookies).toContain(`\`${name}\``);
	});
});

describe('on PostgreSQL', () => {
	it('seeds the same content, with the same aggregates, once when two nodes start together', async () => {
		const fresh = await emptyPostgresDatabase();
		const nodes = [openPostgres(fresh.url, { max: 2 }), openPostgres(fresh.url, { max: 2 })];
		try {
			const seeded: boolean[] = [];
			await Promise.all(
				nodes.map((node) =>
					migratePostgres(node, {
						// The seed is written once for both engines against the SQLite handle's type.
						seedIfEmpty: async (locked) =>
							seeded.push(await seedIfEmpty(locked as unknown as AppDatabase, hashPassword)),
					}),
				),
			);
			expect(seeded.sort()).toEqual([false, true]);
			const postgres = fresh.db as unknown as AppDatabase;
			expect(await contentCounts(postgres)).toEqual(countsAfterFirst);
			const aggregates = (rows: { name: string; rating: number; reviewCount: number }[]) =>
				rows
					.map(({ name, rating, reviewCount }) => ({ name, rating, reviewCount }))
					.sort((a, b) => a.name.localeCompare(b.name));
			expect(aggregates(await fresh.db.select().from(postgresSchema.platforms))).toEqual(
				aggregates(await db.select().from(schema.platforms)),
			);
		} finally {
			await Promise.all(nodes.map(closePostgres));
			await fresh.close();
		}
	});
});
