/**
 * Comment moderation rules, zod-free so the dashboard island and the server share them:
 * pending -> approved or rejected, approved -> rejected, rejected -> approved.
 */
export type ModerationStatus = 'pending' | 'approved' | 'rejected';
/** What an editor may set; 'pending' is only ever a starting point. */
export type ModerationDecision = 'approved' | 'rejected';

export const MODERATION_DECISIONS = ['approved', 'rejected'] as const satisfies readonly ModerationDecision[];

const TRANSITIONS: Record<ModerationStatus, readonly ModerationDecision[]> = {
	pending: ['approved', 'rejected'],
	approved: ['rejected'],
	rejected: ['approved'],
};

export function canModerate(from: ModerationStatus, to: ModerationDecision): boolean {
	return TRANSITIONS[from].includes(to);
}

/** Why a transition is refused, in words an editor understands. */
export function refusedTransitionMessage(from: ModerationStatus, to: ModerationDecision): string {
	return from === to ? `This comment is already ${to}.` : `A ${from} comment cannot be ${to}.`;
}
