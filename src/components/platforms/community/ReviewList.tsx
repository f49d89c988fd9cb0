import { useState, type SubmitEvent } from 'react';
import { MAX_REPLY_LENGTH } from '@/lib/validation/platform-messages';
import { TimeAgo } from '@/components/content/TimeAgo';
import { StarRating } from '@/components/platforms/StarRating';
import type { PlatformRating, VoteType } from '@/components/platforms/types';
import { Button } from '@/components/ui/Button';
import { Textarea } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Avatar } from './Avatar';
import { HelpfulVotes } from './HelpfulVotes';

/** What the viewer may do with the reviews, and the handlers that do it. */
export type ReviewActions = {
	/** The viewer's votes by review id (absent: none, or signed out). */
	votes: Record<number, VoteType | null>;
	/** The viewer's username: their own review shows its counts without buttons. */
	username?: string;
	/** The review being voted on, whose buttons wait. */
	voting: number | null;
	onVote: (review: PlatformRating, voteType: VoteType) => void;
	/** The viewer represents this platform: they write, edit and delete its replies. */
	canReply: boolean;
	/** The viewer is an editor: they remove replies. */
	canRemoveReply: boolean;
	onReply: (review: PlatformRating, content: string) => Promise<boolean>;
	onRemoveReply: (review: PlatformRating) => void;
};

/**
 * The platform's reviews in the order given, or the empty-state text when there are none. Ages
 * are measured from `now`: without it (the generated HTML) dates show, made relative on load.
 */
export function ReviewList({
	reviews,
	now,
	platformName,
	empty = 'No reviews yet. Be the first to review!',
	actions,
}: {
	reviews: PlatformRating[];
	now?: number;
	platformName: string;
	/** The text when the list is empty (a star filter says so). */
	empty?: string;
	actions: ReviewActions;
}) {
	if (reviews.length === 0) {
		return <p className="py-6 text-center text-sm text-muted">{empty}</p>;
	}
	return (
		<ul className="divide-y divide-border" aria-label="User reviews">
			{reviews.map((review) => (
				<ReviewItem key={review.id} review={review} now={now} platformName={platformName} actions={actions} />
			))}
		</ul>
	);
}

function ReviewItem({
	review,
	now,
	platformName,
	actions,
}: {
	review: PlatformRating;
	now?: number;
	platformName: string;
	actions: ReviewActions;
}) {
	const [editing, setEditing] = useState(false);
	const mine = actions.username === review.user.username;
	const myVote = actions.votes[review.id] ?? null;
	return (
		<li className="flex gap-3 py-4" data-review={review.id}>
			<Avatar username={review.user.username} />
			<div className="min-w-0 flex-1">
				<div className="flex flex-wrap items-center gap-x-3 gap-y-1">
					<span className="font-medium text-ink">{review.user.username}</span>
					{review.isVerified && (
						<span
							className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800"
							title="This reviewer's email address is verified"
							data-testid="review-verified"
						>
							✓ Verified reviewer
						</span>
					)}
					<StarRating rating={review.rating} />
					<TimeAgo value={review.createdAt} now={now} className="text-xs text-muted" />
				</div>
				{review.review && (
					<p className="mt-1.5 text-sm leading-6 whitespace-pre-line wrap-anywhere text-slate-700">
						{review.review}
					</p>
				)}
				<HelpfulVotes
					item="review"
					helpful={review.helpfulCount}
					unhelpful={review.unhelpfulCount}
					myVote={myVote}
					mine={mine}
					busy={actions.voting === review.id}
					onVote={(voteType) => actions.onVote(review, voteType)}
				/>
				{review.reply && !editing && (
					<div
						className="mt-3 rounded-lg border-l-4 border-brand-300 bg-canvas p-3"
						data-testid="review-reply"
					>
						<p className="text-xs font-semibold text-brand-800">Response from {platformName}</p>
						<p className="mt-1 text-sm leading-6 whitespace-pre-line wrap-anywhere text-slate-700">
							{review.reply.content}
						</p>
						{(actions.canReply || actions.canRemoveReply) && (
							<div className="mt-2 flex flex-wrap gap-2">
								{actions.canReply && (
									<Button variant="outline" size="sm" onClick={() => setEditing(true)}>
										Edit reply
									</Button>
								)}
								<Button variant="ghost" size="sm" onClick={() => actions.onRemoveReply(review)}>
									{actions.canReply ? 'Delete reply' : 'Remove reply'}
								</Button>
							</div>
						)}
					</div>
				)}
				{actions.canReply && !review.reply && !editing && (
					<Button variant="outline" size="sm" className="mt-2" onClick={() => setEditing(true)}>
						Reply
					</Button>
				)}
				{actions.canReply && editing && (
					<ReplyForm
						reviewId={review.id}
						initial={review.reply?.content ?? ''}
						platformName={platformName}
						onCancel={() => setEditing(false)}
						onSave={async (content) => {
							if (await actions.onReply(review, content)) setEditing(false);
						}}
					/>
				)}
			</div>
		</li>
	);
}

function ReplyForm({
	reviewId,
	initial,
	platformName,
	onSave,
	onCancel,
}: {
	reviewId: number;
	initial: string;
	platformName: string;
	onSave: (content: string) => Promise<void>;
	onCancel: () => void;
}) {
	const [text, setText] = useState(initial);
	const [saving, setSaving] = useState(false);
	const [emptyError, setEmptyError] = useState(false);
	const id = `reply-${reviewId}`;

	async function submit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		if (!text.trim()) {
			setEmptyError(true);
			return;
		}
		setSaving(true);
		try {
			await onSave(text.trim());
		} finally {
			setSaving(false);
		}
	}

	return (
		<form onSubmit={submit} className="mt-3 grid gap-2" noValidate>
			<Label htmlFor={id}>Response from {platformName}</Label>
			<Textarea
				id={id}
				value={text}
				rows={3}
				maxLength={MAX_REPLY_LENGTH}
				autoFocus
				aria-invalid={emptyError || undefined}
				aria-describedby={emptyError ? `${id}-error` : undefined}
				onChange={(event) => {
					setText(event.target.value);
					setEmptyError(false);
				}}
			/>
			{emptyError && (
				<p id={`${id}-error`} className="text-sm text-red-700">
					Reply cannot be empty.
				</p>
			)}
			<div className="flex gap-2">
				<Button type="submit" size="sm" loading={saving}>
					Post reply
				</Button>
				<Button type="button" variant="ghost" size="sm" onClick={onCancel}>
					Cancel
				</Button>
			</div>
		</form>
	);
}
