/**
 * Writes the demo content through a transaction handle. Synchronous on purpose: better-sqlite3
 * transactions cannot span an await, so passwords are hashed beforehand (see hashSeedPasswords).
 */
import { hashPassword } from '@/server/auth/password';
import { averageRating } from '@/lib/ratings';
import { schema } from '@/server/db';
import { before } from './age';
import { COMMENTS } from './comments';
import { planRatings, planVotes } from './community';
import { EDUCATION } from './education';
import { NEWS } from './news';
import { PAGES } from './pages';
import { PLATFORMS, logoPath } from './platforms';
import { EPISODES, episodeAudioUrl } from './podcasts';
import type { SeedWriter } from './types';
import { DEMO_ACCOUNTS, SEED_USERS } from './users';

/** Password -> argon2 hash; each distinct password is hashed once, which keeps seeding fast. */
export type PasswordHashes = ReadonlyMap<string, string>;

export async function hashSeedPasswords(): Promise<PasswordHashes> {
	const distinct = [...new Set(SEED_USERS.map((user) => user.password))];
	const pairs = await Promise.all(
		distinct.map(async (password) => [password, await hashPassword(password)] as const),
	);
	return new Map(pairs);
}

function lookup<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
	const value = map.get(key);
	if (value === undefined) throw new Error(`Seed data refers to unknown ${what} "${key}".`);
	return value;
}

/** Turns `](platform:slug)` links in seeded markdown into links to the platform's page. */
export function resolvePlatformLinks(markdown: string, platformIds: ReadonlyMap<string, number>) {
	return markdown.replace(
		/\]\(platform:([a-z0-9-]+)\)/g,
		(_, slug: string) => `](/platforms/${lookup(platformIds, slug, 'platform')})`,
	);
}

function insertUsers(tx: SeedWriter, hashes: PasswordHashes, now: number) {
	const rows = tx
		.insert(schema.users)
		.values(
			SEED_USERS.map((user) => ({
				username: user.username,
				email: user.email.toLowerCase(),
				passwordHash: lookup(hashes, user.password, 'password'),
				role: user.role,
				isBanned: user.isBanned,
				isNewsletterSubscribed: user.isNewsletterSubscribed,
				createdAt: before(now, user.joined),
			})),
		)
		.returning({ id: schema.users.id, username: schema.users.username })
		.all();
	return new Map(rows.map((row) => [row.username, row.id]));
}

function insertPlatforms(tx: SeedWriter, now: number, ratings: ReturnType<typeof planRatings>) {
	const ids = new Map<string, number>();
	PLATFORMS.forEach((platform, index) => {
		// Stored aggregates must equal the rating rows, by the rating service's own rounding rule.
		const stars = ratings.filter((r) => r.platform === platform.slug).map((r) => r.stars);
		const starSum = stars.reduce((sum, value) => sum + value, 0);
		const listedAt = before(now, platform.listed);
		const { id } = tx
			.insert(schema.platforms)
			.values({
				name: platform.name,
				description: platform.description,
				logo: logoPath(platform),
				pricing: platform.pricing,
				features: platform.features,
				pros: platform.pros,
				cons: platform.cons,
				websiteUrl: platform.websiteUrl,
				category: platform.category,
				isRecommended: platform.isRecommended,
				sortOrder: (index + 1) * 10,
				rating: averageRating(starSum, stars.length),
				reviewCount: stars.length,
				createdAt: listedAt,
				updatedAt: listedAt,
			})
			.returning({ id: schema.platforms.id })
			.get();
		ids.set(platform.slug, id);
	});
	return ids;
}

function insertCommunity(
	tx: SeedWriter,
	now: number,
	userIds: ReadonlyMap<string, number>,
	platformIds: ReadonlyMap<string, number>,
	ratings: ReturnType<typeof planRatings>,
) {
	if (ratings.length > 0) {
		tx.insert(schema.platformRatings)
			.values(
				ratings.map((rating) => ({
					platformId: lookup(platformIds, rating.platform, 'platform'),
					userId: lookup(userIds, rating.user, 'user'),
					rating: rating.stars,
					review: rating.review,
					createdAt: before(now, rating.rated),
					updatedAt: before(now, rating.rated),
				})),
			)
			.run();
	}
	const votes = planVotes();
	const commentIds = COMMENTS.map((comment, index) => {
		const own = votes.filter((vote) => vote.commentIndex === index);
		return tx
			.insert(schema.platformComments)
			.values({
				platformId: lookup(platformIds, comment.platform, 'platform'),
				userId: lookup(userIds, comment.user, 'user'),
				comment: comment.comment,
				status: comment.status,
				helpfulVotes: own.filter((vote) => vote.voteType === 'helpful').length,
				unhelpfulVotes: own.filter((vote) => vote.voteType === 'unhelpful').length,
				createdAt: before(now, comment.posted),
			})
			.returning({ id: schema.platformComments.id })
			.get().id;
	});
	if (votes.length > 0) {
		tx.insert(schema.commentVotes)
			.values(
				votes.map((vote) => ({
					commentId: commentIds[vote.commentIndex]!,
					userId: lookup(userIds, vote.user, 'user'),
					voteType: vote.voteType,
					createdAt: before(now, vote.voted),
				})),
			)
			.run();
	}
}

function insertEditorial(
	tx: SeedWriter,
	now: number,
	editorId: number,
	platformIds: ReadonlyMap<string, number>,
) {
	tx.insert(schema.articles)
		.values(
			[...NEWS, ...EDUCATION].map((article) => ({
				kind: article.kind,
				title: article.title,
				excerpt: article.excerpt,
				content: resolvePlatformLinks(article.content, platformIds),
				category: article.category,
				imageUrl: article.imageUrl,
				tags: article.tags,
				readTime: article.readTime,
				isPublished: article.isPublished,
				authorId: editorId,
				createdAt: before(now, article.created),
				updatedAt: before(now, article.updated ?? article.created),
			})),
		)
		.run();
	tx.insert(schema.podcastEpisodes)
		.values(
			EPISODES.map((episode) => ({
				title: episode.title,
				description: episode.description,
				imageUrl: episode.imageUrl,
				audioUrl: episodeAudioUrl(episode),
				duration: episode.duration,
				episodeNumber: episode.episodeNumber,
				seasonNumber: episode.seasonNumber,
				publishedAt: before(now, episode.published),
				tags: episode.tags,
				authorId: editorId,
			})),
		)
		.run();
	tx.insert(schema.staticPages)
		.values(
			PAGES.map((page) => ({
				slug: page.slug,
				title: page.title,
				content: page.content,
				lastModifiedBy: editorId,
				updatedAt: before(now, page.updated),
			})),
		)
		.run();
}

/** Inserts every seeded row; call inside one transaction so a failure leaves nothing behind. */
export function insertDemoContent(tx: SeedWriter, hashes: PasswordHashes, now = Date.now()): void {
	const userIds = insertUsers(tx, hashes, now);
	const ratings = planRatings();
	const platformIds = insertPlatforms(tx, now, ratings);
	insertCommunity(tx, now, userIds, platformIds, ratings);
	const editorId = lookup(userIds, DEMO_ACCOUNTS.editor.username, 'user');
	insertEditorial(tx, now, editorId, platformIds);
}
