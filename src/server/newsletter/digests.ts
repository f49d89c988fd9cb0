/**
 * The followers' digest mails, sent through the newsletter's queue (its claims, leases, retries
 * and suppressions): when a platform's digest falls due, one node takes it and queues one row
 * per recipient in the same transaction; each mail is written when it is sent, from the
 * platform's history and reviews between the digest's `since` and `closedAt`.
 *
 * Followers get every change and new review; the platform's representatives, who need not
 * follow, are told of new reviews the same way. The List-Unsubscribe link of a follower's mail
 * unfollows that platform in one click.
 */
import { platformPath } from '@/lib/public-paths';
import { and, asc, eq, gt, lte, min, not, or, sql, type SQL } from 'drizzle-orm';
import type { ReviewJson } from '@/lib/community-answers';
import { describeChange } from '@/lib/platform-changes';
import { config } from '@/server/runtime/config';
import {
	db,
	firstRow,
	newsletterDeliveries as deliveries,
	platformDigests as digests,
	platformFollows as follows,
	platformRepresentatives as representatives,
	platforms,
	transaction,
	users,
} from '@/server/db';
import type { Mail } from '@/server/mail/transport';
import { platformActivity } from '@/server/community/reviews';
import { newThemes } from '@/server/community/themes';
import { themesPending } from '@/server/community/theme-queue';
import {
	createFollowUnsubscribeToken,
	oneClickUnfollowUrl,
	unfollowPageUrl,
} from '@/server/platforms/follows';
import { notSuppressed } from './recipients';
import { quotedText } from './quoted-text';
import type { ClaimedDelivery } from './queue';

/** A confirmed, unbanned address no mail server refused for good. */
function reachable(): SQL {
	return and(eq(users.emailVerified, true), eq(users.isBanned, false), notSuppressed(users.email))!;
}

const follows_ = (platformId: number | SQL) =>
	sql`exists (select 1 from ${follows} where ${follows.userId} = ${users.id} and ${follows.platformId} = ${platformId})`;
const represents = (platformId: number | SQL) =>
	sql`exists (select 1 from ${representatives} where ${representatives.userId} = ${users.id} and ${representatives.platformId} = ${platformId})`;

/** What a digest covers: the platform's changes and new public reviews in its window. */
async function digestContent(platformId: number, since: Date, until: Date) {
	const inWindow = (at: Date) => at.getTime() >= since.getTime() && at.getTime() <= until.getTime();
	const [{ changes, reviews }, themes] = await Promise.all([
		platformActivity(platformId),
		newThemes(platformId, since, until),
	]);
	return {
		changes: changes.filter((change) => inWindow(new Date(change.at))).reverse(),
		reviews: reviews.filter((review) => inWindow(new Date(review.createdAt))).reverse(),
		themes,
	};
}

/** A theme new in a digest: its side and the number of reviews that mention it. */
function themeLine({
	side,
	theme,
	count,
}: {
	side: 'likes' | 'dislikes';
	theme: string;
	count: number;
}): string {
	return `- Users ${side === 'likes' ? 'like' : 'dislike'}: ${theme} (${count} reviews)`;
}

/**
 * One review in a digest. Its text is quoted (quotedText) and only when its author confirmed
 * their address: a throw-away account's words never reach an inbox under the site's name.
 */
function reviewLine(review: ReviewJson): string {
	const said = `${review.user.username}, ${review.rating} of 5 stars`;
	if (!review.review) return said;
	if (!review.isVerified) return `${said} (its text is on the platform's page)`;
	return `${said}, wrote: ${quotedText(review.review)}`;
}

/** When the next open digest falls due, if any. */
export async function nextDigestAt(now = new Date()): Promise<Date | undefined> {
	// A digest held for its themes is not counted: the worker's poll looks at it again.
	const row = await firstRow(
		db()
			.select({ at: min(digests.sendAt) })
			.from(digests)
			.where(and(eq(digests.status, 'open'), or(gt(digests.sendAt, now), released(now)))),
	);
	return row?.at ?? undefined;
}

/**
 * How long a due digest waits for its platform's themes recompute (community/themes.ts): the
 * themes its reviews brought are named in it, not lost when the recompute ends after it went.
 * The recompute takes seconds; the bound keeps a stuck one (its lease is as long) from holding
 * the mail longer.
 */
export const DIGEST_THEMES_HOLD_MS = 10 * 60_000;

/** Due digests that may go now: none of their platform's themes is still being recomputed. */
function released(now: Date): SQL {
	return or(
		not(themesPending(digests.platformId)),
		lte(digests.sendAt, new Date(now.getTime() - DIGEST_THEMES_HOLD_MS)),
	)!;
}

/**
 * Queues the mails of every digest due by `now`. Taking the digest (open to queued) and
 * queueing its rows are one transaction: of several nodes one takes it, and a crash leaves
 * either both or neither. Returns the digests queued here.
 */
export async function queueDueDigests(now = new Date()): Promise<number[]> {
	const due = await db()
		.select({ id: digests.id })
		.from(digests)
		.where(and(eq(digests.status, 'open'), lte(digests.sendAt, now), released(now)))
		.orderBy(asc(digests.sendAt));
	const queued: number[] = [];
	for (const { id } of due) {
		const taken = await transaction(async (tx) => {
			const [digest] = await tx
				.update(digests)
				.set({ status: 'queued', closedAt: now })
				.where(and(eq(digests.id, id), eq(digests.status, 'open')))
				.returning({ platformId: digests.platformId, since: digests.since });
			if (!digest) return false;
			const { reviews } = await digestContent(digest.platformId, digest.since, now);
			const listening =
				reviews.length > 0
					? or(follows_(digest.platformId), represents(digest.platformId))
					: follows_(digest.platformId);
			const recipients = await tx
				.select({ id: users.id })
				.from(users)
				.where(and(listening, reachable()))
				.orderBy(asc(users.id));
			if (recipients.length > 0) {
				await tx
					.insert(deliveries)
					.values(recipients.map((user) => ({ digestId: id, userId: user.id, nextAttemptAt: now })))
					.onConflictDoNothing();
			}
			return true;
		});
		if (taken) queued.push(id);
	}
	return queued;
}

/** A queued row's mail ready to send (and the address), why it is skipped, or gone with its issue. */
export type PreparedMail = { email: string; mail: Mail } | { skip: string } | 'gone';

/**
 * The mail of a claimed digest row, for its recipient as they are now: still following (or, for
 * reviews, still the representative), confirmed, unbanned and not suppressed.
 */
export async function digestMail(row: ClaimedDelivery): Promise<PreparedMail> {
	if (row.digestId === null || row.userId === null) return { skip: 'The account was deleted.' };
	const digest = await firstRow(
		db()
			.select({
				platformId: digests.platformId,
				since: digests.since,
				closedAt: digests.closedAt,
				name: platforms.name,
				slug: platforms.slug,
			})
			.from(digests)
			.innerJoin(platforms, eq(platforms.id, digests.platformId))
			.where(eq(digests.id, row.digestId)),
	);
	if (!digest?.closedAt) return 'gone';
	const recipient = await firstRow(
		db()
			.select({
				email: users.email,
				follows: sql<boolean>`${follows_(digest.platformId)}`.mapWith(Boolean),
				represents: sql<boolean>`${represents(digest.platformId)}`.mapWith(Boolean),
			})
			.from(users)
			.where(and(eq(users.id, row.userId), reachable())),
	);
	const content = await digestContent(digest.platformId, digest.since, digest.closedAt);
	// A representative who does not follow hears of the reviews alone.
	const changes = recipient?.follows ? content.changes : [];
	if (!recipient || (!recipient.follows && !(recipient.represents && content.reviews.length > 0))) {
		return { skip: 'No longer follows the platform (or cannot receive mail).' };
	}
	const page = new URL(platformPath(digest.slug), config().siteUrl).href;
	const lines = [
		`What happened on ${digest.name} at Retail Media Hub:`,
		'',
		...(changes.length > 0 ? ['Changes', ...changes.map((change) => `- ${describeChange(change)}`), ''] : []),
		...(content.reviews.length > 0
			? ['New reviews', ...content.reviews.map((review) => `- ${reviewLine(review)}`), '']
			: []),
		// Themes come with reviews: told to whoever is told of the reviews.
		...(content.reviews.length > 0 && content.themes.length > 0
			? ['New themes in what users say', ...content.themes.map(themeLine), '']
			: []),
		`See the platform: ${page}`,
	];
	const headers: Record<string, string> = {};
	if (recipient.follows) {
		const token = await createFollowUnsubscribeToken(row.userId, digest.platformId);
		headers['List-Unsubscribe'] = `<${oneClickUnfollowUrl(token)}>`;
		headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
		lines.push(
			'',
			`You follow ${digest.name}. Unfollow it: ${unfollowPageUrl(token)}`,
			`(Or sign in and unfollow it from your profile: ${new URL('/profile', config().siteUrl).href})`,
		);
	} else {
		lines.push('', `You are told of new reviews as ${digest.name}'s representative.`);
	}
	return {
		email: recipient.email,
		mail: {
			to: recipient.email,
			subject: `${digest.name}: ${[changes.length > 0 ? 'changes' : '', content.reviews.length > 0 ? 'new reviews' : ''].filter(Boolean).join(' and ')}`,
			text: lines.join('\n'),
			replyTo: config().newsletter.replyTo,
			headers,
		},
	};
}
