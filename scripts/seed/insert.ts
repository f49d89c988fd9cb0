/**
 * Writes the demo content through a transaction handle, into either engine's tables (schemaOf).
 * Passwords are hashed beforehand (see hashSeedPasswords): nothing slow runs inside the
 * transaction.
 */
import { DEMO_AUDIO_BYTES } from '@/lib/demo-audio';
import { SUB_RATINGS } from '@/lib/review-profile';
import { averageRating, starCounts, subRatingAverage } from '@/lib/ratings';
import { reviewWeight, weightedScore } from '@/lib/review-score';
import { slugFromTitle } from '@/lib/slugs';
import { platformPath } from '@/lib/public-paths';
import type { SlugKind } from '@/lib/column-values';
import { schemaOf } from '@/server/db';
import { websiteDomainOf } from '@/server/platforms/directory';
import { before } from './age';
import { COMMENTS } from './comments';
import { planRatings, planVotes } from './community';
import { EDUCATION } from './education';
import { NEWS } from './news';
import { PAGES } from './pages';
import { PLATFORMS, logoPath, type PlatformSeed } from './platforms';
import { EPISODES, episodeAudioUrl, episodeDuration } from './podcasts';
import type { SeedWriter } from './types';
import { DEMO_ACCOUNTS, SEED_USERS } from './users';

/** Password -> argon2 hash; each distinct password is hashed once, which keeps seeding fast. */
export type PasswordHashes = ReadonlyMap<string, string>;

/**
 * How the app hashes a password. The seed is given it by its caller (an entry script or a test,
 * which take it from src/server/auth/password.ts).
 */
export type PasswordHasher = (password: string) => Promise<string>;

export async function hashSeedPasswords(hashPassword: PasswordHasher): Promise<PasswordHashes> {
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

/** Each demo platform's stored slug (its name's), by the key the seed data names it with. */
const PLATFORM_SLUGS: ReadonlyMap<string, string> = new Map(
	PLATFORMS.map((platform) => [platform.slug, seedSlug(platform.name, 'platform')]),
);

/** Turns `](platform:key)` links in seeded markdown into links to the platform's page (its slug). */
export function resolvePlatformLinks(markdown: string) {
	return markdown.replace(
		/\]\(platform:([a-z0-9-]+)\)/g,
		(_, key: string) => `](${platformPath(lookup(PLATFORM_SLUGS, key, 'platform'))})`,
	);
}

async function insertUsers(tx: SeedWriter, hashes: PasswordHashes, now: number) {
	const schema = schemaOf(tx);
	const rows = await tx
		.insert(schema.users)
		.values(
			SEED_USERS.map((user) => ({
				username: user.username,
				displayName: user.displayName ?? null,
				email: user.email.toLowerCase(),
				passwordHash: lookup(hashes, user.password, 'password'),
				role: user.role,
				isBanned: user.isBanned,
				isNewsletterSubscribed: user.isNewsletterSubscribed,
				// Demo addresses are ours (example.com): nothing to prove.
				emailVerified: true,
				createdAt: before(now, user.joined),
			})),
		)
		.returning({ id: schema.users.id, username: schema.users.username });
	return new Map(rows.map((row) => [row.username, row.id]));
}

/** A seeded platform's history as rows: what each text change became is the next value of that field. */
function seedHistory(platform: PlatformSeed) {
	const history = platform.history ?? [];
	return history.map((change, index) => {
		if (!('from' in change)) {
			return {
				field: change.field,
				fromValue: JSON.stringify(change.removed),
				toValue: JSON.stringify(change.added),
				age: change.age,
			};
		}
		const field = change.field;
		const next = history.slice(index + 1).find((later) => later.field === field);
		const to = next && 'from' in next ? next.from : platform[field];
		return {
			field,
			fromValue: JSON.stringify(change.from),
			toValue: JSON.stringify(to),
			age: change.age,
		};
	});
}

async function insertPlatforms(tx: SeedWriter, now: number, ratings: ReturnType<typeof planRatings>) {
	const schema = schemaOf(tx);
	const ids = new Map<string, number>();
	for (const [index, platform] of PLATFORMS.entries()) {
		// Stored aggregates must equal the rating rows, by the rating service's own rounding rule.
		const own = ratings.filter((r) => r.platform === platform.slug);
		const stars = own.map((r) => r.stars);
		const subScores = (key: (typeof SUB_RATINGS)[number]) =>
			own.flatMap((r) => (r.subRatings?.[key] == null ? [] : [r.subRatings[key]]));
		const subRatingAverages = Object.fromEntries(
			SUB_RATINGS.flatMap((key) => {
				const given = subScores(key);
				return [
					[
						`${key}Average`,
						subRatingAverage(
							given.reduce((sum, value) => sum + value, 0),
							given.length,
						),
					],
					[`${key}Count`, given.length],
				];
			}),
		);
		const starSum = stars.reduce((sum, value) => sum + value, 0);
		// The score by the service's published method (every seeded review is organic, unpaid).
		const weights = own.map((r) => reviewWeight(r.rated));
		const score = weightedScore(
			own.reduce((sum, r, i) => sum + r.stars * weights[i]!, 0),
			weights.reduce((sum, weight) => sum + weight, 0),
		);
		const listedAt = before(now, platform.listed);
		const [{ id }] = await tx
			.insert(schema.platforms)
			.values({
				name: platform.name,
				slug: seedSlug(platform.name, 'platform'),
				description: platform.description,
				logo: logoPath(platform),
				pricing: platform.pricing,
				features: platform.features,
				pros: platform.pros,
				cons: platform.cons,
				websiteUrl: platform.websiteUrl,
				websiteDomain: websiteDomainOf(platform.websiteUrl),
				category: platform.category,
				isRecommended: platform.isRecommended,
				sortOrder: (index + 1) * 10,
				rating: averageRating(starSum, stars.length),
				score,
				reviewCount: stars.length,
				...starCounts(stars),
				...subRatingAverages,
				createdAt: listedAt,
				updatedAt: listedAt,
			})
			.returning({ id: schema.platforms.id });
		ids.set(platform.slug, id);
		const history = seedHistory(platform);
		if (history.length > 0) {
			await tx.insert(schema.platformChanges).values(
				history.map((change) => ({
					platformId: id,
					...change,
					at: before(now, change.age),
				})),
			);
		}
	}
	return ids;
}

async function insertCommunity(
	tx: SeedWriter,
	now: number,
	userIds: ReadonlyMap<string, number>,
	platformIds: ReadonlyMap<string, number>,
	ratings: ReturnType<typeof planRatings>,
) {
	const schema = schemaOf(tx);
	if (ratings.length > 0) {
		await tx.insert(schema.platformRatings).values(
			ratings.map((rating) => ({
				platformId: lookup(platformIds, rating.platform, 'platform'),
				userId: lookup(userIds, rating.user, 'user'),
				rating: rating.stars,
				review: rating.review,
				pros: rating.pros,
				cons: rating.cons,
				...rating.subRatings,
				...rating.reviewer,
				createdAt: before(now, rating.rated),
				updatedAt: before(now, rating.rated),
			})),
		);
	}
	const votes = planVotes();
	const commentIds: number[] = [];
	for (const [index, comment] of COMMENTS.entries()) {
		const own = votes.filter((vote) => vote.commentIndex === index);
		const [{ id }] = await tx
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
			.returning({ id: schema.platformComments.id });
		commentIds.push(id);
	}
	if (votes.length > 0) {
		await tx.insert(schema.commentVotes).values(
			votes.map((vote) => ({
				commentId: commentIds[vote.commentIndex]!,
				userId: lookup(userIds, vote.user, 'user'),
				voteType: vote.voteType,
				createdAt: before(now, vote.voted),
			})),
		);
	}
}

/** A demo item's slug: its title's (the demo titles are unique per kind and all give one). */
function seedSlug(title: string, kind: SlugKind): string {
	const slug = slugFromTitle(title, kind);
	if (!slug) throw new Error(`The demo title "${title}" gives no slug`);
	return slug;
}

async function insertEditorial(tx: SeedWriter, now: number, editorId: number) {
	const schema = schemaOf(tx);
	await tx.insert(schema.articles).values(
		[...NEWS, ...EDUCATION].map((article) => ({
			kind: article.kind,
			title: article.title,
			slug: seedSlug(article.title, article.kind),
			excerpt: article.excerpt,
			content: resolvePlatformLinks(article.content),
			category: article.category,
			imageUrl: article.imageUrl,
			tags: article.tags,
			readTime: article.readTime,
			isPublished: article.isPublished,
			authorId: editorId,
			createdAt: before(now, article.created),
			updatedAt: before(now, article.updated ?? article.created),
		})),
	);
	await tx.insert(schema.podcastEpisodes).values(
		EPISODES.map((episode) => ({
			title: episode.title,
			slug: seedSlug(episode.title, 'episode'),
			description: episode.description,
			imageUrl: episode.imageUrl,
			audioUrl: episodeAudioUrl(episode),
			audioBytes: DEMO_AUDIO_BYTES[episodeAudioUrl(episode)] ?? null,
			audioType: 'audio/mpeg' as const,
			duration: episodeDuration(episode),
			episodeNumber: episode.episodeNumber,
			seasonNumber: episode.seasonNumber,
			publishedAt: before(now, episode.published),
			tags: episode.tags,
			authorId: editorId,
		})),
	);
	await tx.insert(schema.staticPages).values(
		PAGES.map((page) => ({
			slug: page.slug,
			title: page.title,
			content: page.content,
			lastModifiedBy: editorId,
			updatedAt: before(now, page.updated),
		})),
	);
}

/** Inserts every seeded row; call inside one transaction so a failure leaves nothing behind. */
export async function insertDemoContent(
	tx: SeedWriter,
	hashes: PasswordHashes,
	now = Date.now(),
): Promise<void> {
	const userIds = await insertUsers(tx, hashes, now);
	const ratings = planRatings();
	const platformIds = await insertPlatforms(tx, now, ratings);
	await insertCommunity(tx, now, userIds, platformIds, ratings);
	const editorId = lookup(userIds, DEMO_ACCOUNTS.editor.username, 'user');
	await insertEditorial(tx, now, editorId);
}
