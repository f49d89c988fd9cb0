import { useState, type SubmitEvent } from 'react';
import { MAX_REPLY_LENGTH, MAX_REPORT_REASON_LENGTH } from '@/lib/validation/platform-messages';
import { TimeAgo } from '@/components/content/TimeAgo';
import { reviewAnchor } from '@/components/platforms/anchors';
import { StarRating } from '@/components/platforms/StarRating';
import type { VoteType } from '@/lib/column-values';
import type { PlatformRating } from '@/components/platforms/types';
import { Button } from '@/components/ui/Button';
import { Textarea } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Avatar } from './Avatar';
import { HelpfulVotes } from './HelpfulVotes';
import { ReviewDetails, reviewerProfile } from './ReviewDetails';

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
	/** Signed in: others' reviews can be reported. */
	signedIn: boolean;
	/** Deletes the viewer's own review. */
	onDelete: (review: PlatformRating) => Promise<void>;
	/** Reports a review to the editors; true once sent. */
	onReport: (review: PlatformRating, reason: string) => Promise<boolean>;
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
	const [reporting, setReporting] = useState(false);
	const [reported, setReported] = useState(false);
	const [confirmDelete, setConfirmDelete] = useState(false);
	const mine = actions.username === review.user.username;
	const myVote = actions.votes[review.id] ?? null;
	const profile = reviewerProfile(review);
	return (
		<li id={reviewAnchor(review.id)} className="flex scroll-mt-24 gap-3 py-4" data-review={review.id}>
			<Avatar username={review.user.username} />
			<div className="min-w-0 flex-1">
				<div className="flex flex-wrap items-center gap-x-3 gap-y-1">
					<span className="font-medium text-ink">{review.user.username}</span>
					{review.isVerified && (
						<span
							className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800"
							data-testid="review-verified"
						>
							✓ Verified email
						</span>
					)}
					{review.verifiedWorkEmail && (
						<span
							className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800"
							title="This reviewer confirmed an address at their company (which one is not shown)"
							data-testid="review-work-email"
						>
							Verified work email
						</span>
					)}
					{review.isAffiliated && (
						<span
							className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
							title={`Written by someone at ${platformName} (its representative, or a confirmed work email at its website's domain): not counted in the rating`}
							data-testid="review-affiliated"
						>
							Affiliated with {platformName}
						</span>
					)}
					<span
						className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
						title={
							review.source === 'vendor-invited'
								? `Sent through ${platformName}'s invitation: weighs half in the score`
								: 'Written without an invitation from the vendor'
						}
						data-testid="review-source"
					>
						{review.source === 'vendor-invited' ? 'Invited by vendor' : 'Organic'}
					</span>
					{review.incentivized && (
						<span
							className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
							title="The reviewer received something for this review: it weighs half in the score"
							data-testid="review-incentivized"
						>
							Incentivized
						</span>
					)}
					<StarRating rating={review.rating} />
					<TimeAgo value={review.createdAt} now={now} className="text-xs text-muted" />
					{review.editedAt && (
						<span className="text-xs text-muted" data-testid="review-edited">
							(edited <TimeAgo value={review.editedAt} now={now} />)
						</span>
					)}
				</div>
				{profile && (
					<p className="mt-0.5 text-xs text-muted" data-testid="reviewer-profile">
						{profile}
					</p>
				)}
				{review.review && (
					<p className="mt-1.5 text-sm leading-6 whitespace-pre-line wrap-anywhere text-slate-700">
						{review.review}
					</p>
				)}
				<ReviewDetails review={review} />
				<HelpfulVotes
					item="review"
					helpful={review.helpfulCount}
					unhelpful={review.unhelpfulCount}
					myVote={myVote}
					mine={mine}
					busy={actions.voting === review.id}
					onVote={(voteType) => actions.onVote(review, voteType)}
				/>
				{mine && !confirmDelete && (
					<Button variant="ghost" size="sm" className="mt-1" onClick={() => setConfirmDelete(true)}>
						Delete my review
					</Button>
				)}
				{mine && confirmDelete && (
					<div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
						<span className="text-slate-700">Delete your review for good?</span>
						<Button variant="destructive" size="sm" onClick={() => actions.onDelete(review)}>
							Delete
						</Button>
						<Button variant="ghost" size="sm" onClick={() => setConfirmDelete(false)}>
							Keep it
						</Button>
					</div>
				)}
				{!mine && actions.signedIn && !reporting && (
					<Button
						variant="ghost"
						size="sm"
						className="mt-1"
						disabled={reported}
						onClick={() => setReporting(true)}
					>
						{reported ? 'Reported' : 'Report'}
					</Button>
				)}
				{reporting && (
					<ReviewTextForm
						id={`report-${review.id}`}
						label="Why should the editors look at this review?"
						maxLength={MAX_REPORT_REASON_LENGTH}
						rows={2}
						emptyMessage="Please say why you are reporting this review."
						submitLabel="Send report"
						testId="report-form"
						onCancel={() => setReporting(false)}
						onSave={async (reason) => {
							if (await actions.onReport(review, reason)) {
								setReporting(false);
								setReported(true);
							}
						}}
					/>
				)}
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
					<ReviewTextForm
						id={`reply-${review.id}`}
						label={`Response from ${platformName}`}
						initial={review.reply?.content ?? ''}
						maxLength={MAX_REPLY_LENGTH}
						rows={3}
						emptyMessage="Reply cannot be empty."
						submitLabel="Post reply"
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

/**
 * A short text written about a review (a representative's reply, a reader's report): not empty,
 * trimmed, sent with one button and dropped with Cancel.
 */
function ReviewTextForm({
	id,
	label,
	initial = '',
	maxLength,
	rows,
	emptyMessage,
	submitLabel,
	testId,
	onSave,
	onCancel,
}: {
	id: string;
	label: string;
	initial?: string;
	maxLength: number;
	rows: number;
	emptyMessage: string;
	submitLabel: string;
	testId?: string;
	onSave: (text: string) => Promise<void>;
	onCancel: () => void;
}) {
	const [text, setText] = useState(initial);
	const [saving, setSaving] = useState(false);
	const [emptyError, setEmptyError] = useState(false);

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
		<form onSubmit={submit} className="mt-3 grid gap-2" noValidate data-testid={testId}>
			<Label htmlFor={id}>{label}</Label>
			<Textarea
				id={id}
				value={text}
				rows={rows}
				maxLength={maxLength}
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
					{emptyMessage}
				</p>
			)}
			<div className="flex gap-2">
				<Button type="submit" size="sm" loading={saving}>
					{submitLabel}
				</Button>
				<Button type="button" variant="ghost" size="sm" onClick={onCancel}>
					Cancel
				</Button>
			</div>
		</form>
	);
}
