/**
 * What the community endpoints answer about a review and a comment. Written here, below both the
 * services that build the answers and the islands and stores that read them, so each imports it
 * downward; the services' queries are checked against these shapes, so they cannot drift from
 * the tables.
 */
import type { CommentStatus, ReviewSource } from '@/lib/column-values';
import type { CompanySize, Industry, ReviewerRole, SubRatings } from '@/lib/review-profile';
import type { Wire } from '@/lib/wire';

export type ReviewJson = {
	id: number;
	rating: number;
	review: string | null;
	pros: string | null;
	cons: string | null;
	/** Each null when the reviewer left it out. */
	subRatings: SubRatings;
	reviewerRole: ReviewerRole | null;
	companySize: CompanySize | null;
	industry: Industry | null;
	createdAt: Date;
	/** When the author last changed it by rating again; null: never changed. */
	editedAt: Date | null;
	user: { username: string };
	/** Written by the platform's own representative: shown, marked, left out of the average. */
	isAffiliated: boolean;
	/** 'vendor-invited' when sent through a representative's invitation (it weighs half in the score). */
	source: ReviewSource;
	/** The reviewer received something for the review (it weighs half in the score). */
	incentivized: boolean;
	/** The author's address is verified: the review comes from a reachable person. */
	isVerified: boolean;
	/** The author confirmed a work (not free-mail) address; which one is never shown. */
	verifiedWorkEmail: boolean;
	/** Readers who found the review helpful / not helpful (one vote each). */
	helpfulCount: number;
	unhelpfulCount: number;
	/** The platform representative's answer, shown as 'Response from {platform}'. */
	reply: ReviewReplyJson | null;
};

export type ReviewReplyJson = { content: string; createdAt: Date; updatedAt: Date };

export type CommentJson = {
	id: number;
	platformId: number;
	comment: string;
	status: CommentStatus;
	helpfulVotes: number;
	unhelpfulVotes: number;
	createdAt: Date;
	/** Null once the author's account is gone (the UI shows 'Anonymous'). */
	user: { username: string } | null;
};

/** The same answers as islands receive them (dates as ISO strings). */
export type ReviewReply = Wire<ReviewReplyJson>;
export type PlatformRating = Omit<Wire<ReviewJson>, 'reply'> & { reply: ReviewReply | null };
export type PlatformComment = Wire<CommentJson>;
