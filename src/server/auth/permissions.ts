/**
 * Who may do what, asked by every endpoint: reading is open to all; writing needs a signed-in,
 * unbanned user; the dashboard's calls need an editor. Each check throws the domain error the
 * endpoint answers with, so a refusal is one line at the call site.
 */
import {
	NOT_PLATFORM_REPRESENTATIVE,
	NOT_REPRESENTATIVE,
	OWN_REVIEW_REPLY,
	OWN_COMMENT_VOTE,
	OWN_PLATFORM_REVIEW_VOTE,
	REMOVE_REPLY_DENIED,
	REPRESENTATIVE_CANNOT_RATE,
	UNVERIFIED_FOLLOW,
	UNVERIFIED_REPORT,
	UNVERIFIED_REVIEW_VOTE,
} from '@/lib/validation/platform-messages';
import type { SessionUser } from './session';
import { Forbidden, NotSignedIn } from '@/server/errors';

export const AUTH_REQUIRED = 'Authentication required';
export const BANNED_ACTION = 'Your account is banned, so you cannot do this.';
export const EDITOR_REQUIRED = 'Access denied. Editor privileges required.';

type Locals = { user: SessionUser | null };

export function requireUser(locals: Locals): SessionUser {
	if (!locals.user) throw new NotSignedIn(AUTH_REQUIRED);
	return locals.user;
}

/** A signed-in user who is not banned: for rating, commenting, voting, newsletter. */
export function requireActiveUser(locals: Locals): SessionUser {
	const user = requireUser(locals);
	if (user.isBanned) throw new Forbidden(BANNED_ACTION);
	return user;
}

export function requireEditor(locals: Locals): SessionUser {
	const user = requireActiveUser(locals);
	if (user.role !== 'editor') throw new Forbidden(EDITOR_REQUIRED);
	return user;
}

/** Editors ban and unban only non-editor users other than themselves. */
export function assertCanBan(actor: SessionUser, target: { id: number; role: string }): void {
	if (actor.id === target.id) throw new Forbidden('You cannot ban or unban yourself.');
	if (target.role === 'editor') throw new Forbidden('Editors cannot be banned or unbanned.');
}

/**
 * Editors change the password of users who are not editors: not their own (they use the
 * profile for that), and not another editor's, which would let any editor take over any
 * other editor's account (banning one is refused for the same reason).
 */
export function assertCanSetPassword(actor: SessionUser, target: { id: number; role: string }): void {
	if (actor.id === target.id) {
		throw new Forbidden('Change your own password from your profile.');
	}
	if (target.role === 'editor') {
		throw new Forbidden("Editors cannot set another editor's password.");
	}
}

/**
 * Votes tell readers what others found helpful: an author may not vote on their own comment or
 * review (`ownVote` is the sentence for which).
 */
export function assertCanVoteOn(
	voterId: number,
	item: { userId: number | null },
	ownVote = OWN_COMMENT_VOTE,
): void {
	if (item.userId === voterId) throw new Forbidden(ownVote);
}

/** Review votes: from accounts with a confirmed address, and not the platform's representative. */
export function assertCanVoteOnReview(
	voter: Pick<SessionUser, 'emailVerified' | 'vendorPlatformId'>,
	review: { platformId: number },
): void {
	if (!voter.emailVerified) throw new Forbidden(UNVERIFIED_REVIEW_VOTE);
	if (voter.vendorPlatformId === review.platformId) throw new Forbidden(OWN_PLATFORM_REVIEW_VOTE);
}

/**
 * Each report lands in the editors' queue, so it comes from an account with a confirmed
 * address: throw-away sign-ups cannot fill the queue (issue 42, I-3).
 */
export function assertCanReport(user: Pick<SessionUser, 'emailVerified'>): void {
	if (!user.emailVerified) throw new Forbidden(UNVERIFIED_REPORT);
}

/** Following mails the follower, so only a confirmed address may follow. */
export function assertCanFollow(user: Pick<SessionUser, 'emailVerified'>): void {
	if (!user.emailVerified) throw new Forbidden(UNVERIFIED_FOLLOW);
}

/** A platform's representative never rates it: `represented` is the platform they speak for. */
export function assertCanRate(represented: number | null, platformId: number): void {
	if (represented === platformId) throw new Forbidden(REPRESENTATIVE_CANNOT_RATE);
}

/**
 * A review is answered by the representative of the platform it is about, and nobody else; never
 * their own (written before they became its representative): the platform answering itself.
 */
export function assertCanReplyFor(user: SessionUser, review: { platformId: number; userId: number }): void {
	if (user.vendorPlatformId !== review.platformId) throw new Forbidden(NOT_REPRESENTATIVE);
	if (review.userId === user.id) throw new Forbidden(OWN_REVIEW_REPLY);
}

/** Invitation links to review a platform are its representative's to make, list and revoke. */
export function assertRepresents(user: SessionUser, platformId: number): void {
	if (user.vendorPlatformId !== platformId) throw new Forbidden(NOT_PLATFORM_REPRESENTATIVE);
}

/** A reply is removed by its platform's representative, or by an editor (moderation). */
export function assertCanRemoveReplyFor(user: SessionUser, platformId: number): void {
	if (user.role !== 'editor' && user.vendorPlatformId !== platformId) {
		throw new Forbidden(REMOVE_REPLY_DENIED);
	}
}

/** Drafts exist only for editors: to anyone else an unpublished article is simply not found. */
export function canViewDrafts(user: SessionUser | null): boolean {
	return !!user && !user.isBanned && user.role === 'editor';
}
