import { cn } from '@/lib/class-names';
import { TimeAgo } from '@/components/content/TimeAgo';
import { buttonClasses } from '@/components/ui/button-classes';
import type { PlatformComment, VoteType } from '@/components/platforms/types';
import { Avatar } from './Avatar';

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

/** The helpful (thumb up) and not helpful (down) mark of vote buttons. */
export function ThumbIcon({ down = false }: { down?: boolean }) {
	return (
		<svg
			viewBox="0 0 24 24"
			className={cn('size-4', down && 'rotate-180')}
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
		>
			<path d="M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
		</svg>
	);
}

/** One comment: author, age, text, and Helpful / Not helpful with both counts. */
export function CommentItem({ comment, myVote, mine, busy, onVote, now }: CommentItemProps) {
	const pending = comment.status === 'pending';
	const username = comment.user?.username ?? null;
	const voteButton = (voteType: VoteType, label: string, count: number) => (
		<button
			type="button"
			aria-pressed={myVote === voteType}
			aria-disabled={busy || undefined}
			disabled={pending}
			onClick={() => onVote(comment, voteType)}
			className={buttonClasses({
				variant: myVote === voteType ? 'secondary' : 'ghost',
				size: 'sm',
				className: cn('h-8 px-2.5', myVote === voteType && 'ring-1 ring-brand-300'),
			})}
		>
			<ThumbIcon down={voteType === 'unhelpful'} />
			{label} ({count})
		</button>
	);
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
				{mine ? (
					<p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted" data-own-comment-votes>
						<span className="inline-flex items-center gap-1.5">
							<ThumbIcon />
							Helpful ({comment.helpfulVotes})
						</span>
						<span className="inline-flex items-center gap-1.5">
							<ThumbIcon down />
							Not helpful ({comment.unhelpfulVotes})
						</span>
						<span className="text-xs">Other readers vote on your comment.</span>
					</p>
				) : (
					<div
						className="mt-2 flex flex-wrap gap-2"
						role="group"
						aria-label="Was this comment helpful?"
					>
						{voteButton('helpful', 'Helpful', comment.helpfulVotes)}
						{voteButton('unhelpful', 'Not helpful', comment.unhelpfulVotes)}
					</div>
				)}
			</div>
		</li>
	);
}
