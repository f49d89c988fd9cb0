/**
 * Review invitations: a platform's representative sends customers a link to review it. A link
 * is a random token (160 bits) of which only the SHA-256 is stored (its id, which lists and
 * revokes it without opening it), usable once, for 30 days, by whoever holds it; a review sent
 * with it is labelled vendor-invited and weighs half in the score (src/lib/review-score.ts).
 * Only the platform's representative makes, lists and revokes its links.
 */
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { db, firstRow, platforms, reviewInvitations, type Reader } from '@/server/db';
import { lockedForUpdate } from '@/server/db/sql';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { assertRepresents } from '@/server/auth/permissions';
import type { SessionUser } from '@/server/auth/session';
import { config } from '@/server/runtime/config';
import { InvalidInput, Conflict, NotFound } from '@/server/errors';
import { platformPath } from '@/lib/public-paths';
import { DAY_MS } from '@/lib/durations';
import { PLATFORM_NOT_FOUND } from '@/lib/validation/platforms';

export const INVITATION_LIFETIME_MS = 30 * DAY_MS;
/** At most this many unused, unexpired links per platform: each is a review waiting to happen. */
export const MAX_OPEN_INVITATIONS = 200;
export const INVITATION_NOT_FOUND = 'No such invitation for this platform.';
export const INVITATION_UNUSABLE =
	'This invitation link is unknown, already used, revoked or expired: ask the platform for a new one, or review without it.';
const TOO_MANY_INVITATIONS = `This platform already has ${MAX_OPEN_INVITATIONS} open invitations: revoke one or wait until they are used or expire.`;

export type InvitationLink = { id: string; token: string; url: string; expiresAt: Date };
export type InvitationJson = { id: string; createdAt: Date; expiresAt: Date; usedAt: Date | null };

async function platformSlug(platformId: number): Promise<string> {
	const row = await firstRow(
		db().select({ slug: platforms.slug }).from(platforms).where(eq(platforms.id, platformId)),
	);
	if (!row) throw new NotFound(PLATFORM_NOT_FOUND);
	return row.slug;
}

/** A new link (404 for no platform, 403 for anyone but its representative, 409 past the cap). */
export async function createInvitation(
	platformId: number,
	user: SessionUser,
	now = Date.now(),
): Promise<InvitationLink> {
	const slug = await platformSlug(platformId);
	assertRepresents(user, platformId);
	const [open] = await db()
		.select({ n: count() })
		.from(reviewInvitations)
		.where(
			and(
				eq(reviewInvitations.platformId, platformId),
				isNull(reviewInvitations.usedAt),
				gt(reviewInvitations.expiresAt, new Date(now)),
			),
		);
	if ((open?.n ?? 0) >= MAX_OPEN_INVITATIONS) throw new Conflict(TOO_MANY_INVITATIONS);
	const token = generateToken();
	const id = hashToken(token);
	const expiresAt = new Date(now + INVITATION_LIFETIME_MS);
	await db()
		.insert(reviewInvitations)
		.values({ id, platformId, createdBy: user.id, createdAt: new Date(now), expiresAt });
	// In the fragment, as the site's other links: never sent to a server, so never in a log.
	const url = new URL(platformPath(slug), config().siteUrl);
	url.hash = `invitation=${token}`;
	return { id, token, url: url.href, expiresAt };
}

/** The platform's links, newest first, used and expired ones too (for its representative). */
export async function listInvitations(platformId: number, user: SessionUser): Promise<InvitationJson[]> {
	await platformSlug(platformId);
	assertRepresents(user, platformId);
	return db()
		.select({
			id: reviewInvitations.id,
			createdAt: reviewInvitations.createdAt,
			expiresAt: reviewInvitations.expiresAt,
			usedAt: reviewInvitations.usedAt,
		})
		.from(reviewInvitations)
		.where(eq(reviewInvitations.platformId, platformId))
		.orderBy(desc(reviewInvitations.createdAt), desc(reviewInvitations.id))
		.limit(MAX_OPEN_INVITATIONS);
}

/** Deletes a link of the platform (its representative only); a used one stays as a record. */
export async function revokeInvitation(
	platformId: number,
	invitationId: string,
	user: SessionUser,
): Promise<void> {
	await platformSlug(platformId);
	assertRepresents(user, platformId);
	const deleted = await db()
		.delete(reviewInvitations)
		.where(
			and(
				eq(reviewInvitations.id, invitationId),
				eq(reviewInvitations.platformId, platformId),
				isNull(reviewInvitations.usedAt),
			),
		)
		.returning({ id: reviewInvitations.id });
	if (deleted.length === 0) throw new NotFound(INVITATION_NOT_FOUND);
}

/**
 * Spends a link on a review of its platform, inside the review's transaction (so a review that
 * fails leaves the link unused, and two reviews sent with one link at once spend it once):
 * 400 with a sentence when it is unknown, another platform's, used or expired.
 */
export async function spendInvitation(
	tx: Reader,
	platformId: number,
	token: string,
	now = new Date(),
): Promise<{ source: 'vendor-invited' }> {
	const id = hashToken(token);
	const usable = and(
		eq(reviewInvitations.id, id),
		eq(reviewInvitations.platformId, platformId),
		isNull(reviewInvitations.usedAt),
		gt(reviewInvitations.expiresAt, now),
	);
	const row = await firstRow(
		lockedForUpdate(tx.select({ id: reviewInvitations.id }).from(reviewInvitations).where(usable)),
	);
	if (!row) throw new InvalidInput(INVITATION_UNUSABLE);
	await tx.update(reviewInvitations).set({ usedAt: now }).where(usable);
	return { source: 'vendor-invited' };
}
