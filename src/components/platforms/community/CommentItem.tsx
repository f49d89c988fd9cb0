import { TimeAgo } from '@/components/content/TimeAgo';
import type { VoteType } from '@/lib/column-values';
import type { PlatformComment } from '@/components/platforms/types';
import { Avatar } from './Avatar';
import { HelpfulVotes } from './HelpfulVotes';

export type CommentItemProps = {
	comment: PlatformComment;
	/** The viewer's vote on this comment (null: none or signed out). */
	myVote: VoteType | null;
	/** The viewer wrote it: the counts show, but there is nothing to vote (the server refuses). */
	mine: boolean;
	busy: boolean;
	onVote: (comment: PlatformComment, voteType: VoteType) => void;
	/** The moment ages are measured from; without it (the generated HTML) the date shows. */
	now?: number;
};

/** One comment: author, age, text, and Helpful / Not helpful with both counts. */
export function CommentItem({ comment, myVote, mine, busy, onVote, now }: CommentItemProps) {
	const pending = comment.status === 'pending';
	const username = comment.user?.username ?? null;
	return (
		<li className="flex gap-3 py-4" data-comment={comment.id}>
			<Avatar username={username} />
			<div className="min-w-0 flex-1">
				<div className="flex flex-wrap items-center gap-x-3 gap-y-1">
					<span className="font-medium text-ink">{username ?? 'Anonymous'}</span>
					<TimeAgo value={comment.createdAt} now={now} className="text-xs text-muted" />
					{pending && (
						<span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
							Awaiting moderation
						</span>
					)}
				</div>
				<p className="mt-1.5 text-sm leading-6 whitespace-pre-line wrap-anywhere text-slate-700">
					{comment.comment}
				</p>
				<HelpfulVotes
					item="comment"
					helpful={comment.helpfulVotes}
					unhelpful={comment.unhelpfulVotes}
					myVote={myVote}
					mine={mine}
					busy={busy}
					disabled={pending}
					onVote={(voteType) => onVote(comment, voteType)}
					ownNote="Other readers vote on your comment."
				/>
			</div>
		</li>
	);
}
