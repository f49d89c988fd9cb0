import { useStore } from '@nanostores/react';
import { platformPath } from '@/lib/public-paths';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { apiRequest } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { MAX_COMMENT_LENGTH, SIGN_IN_TO_COMMENT, SIGN_IN_TO_VOTE } from '@/lib/validation/platform-messages';
import {
	$castVotes,
	$ownPendingComments,
	$readVotes,
	myVote,
	recordMyVote,
	recordOwnComment,
} from '@/stores/my-votes';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/ui/FormMessage';
import { Textarea } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Spinner } from '@/components/ui/Spinner';
import { useTypedBeforeHydration } from '@/components/ui/use-typed-before-hydration';
import type { VoteType } from '@/lib/column-values';
import type { PlatformComment, VoteResult } from '@/components/platforms/types';
import { CommentItem } from './CommentItem';
import { LoadError } from '@/components/ui/LoadError';
import { ensureSignedIn, reportFailure } from './session';
import { SignInPrompt } from './SignInPrompt';

export type CommentsSectionProps = {
	platformId: number;
	platformSlug: string;
	/** undefined while the session loads. */
	user: PublicUser | null | undefined;
	/** Whether the sign-in prompt shows (useSignedOut). */
	signedOut: boolean;
	/** The approved comments the page was generated with, shown until the island's own read arrives. */
	initialComments?: PlatformComment[];
};

/**
 * Comments: approved ones plus the viewer's own pending one, the comment form
 * (posts wait for moderation) and helpful / not helpful votes that can be changed or taken back.
 */
export function CommentsSection({
	platformId,
	platformSlug,
	user,
	signedOut,
	initialComments,
}: CommentsSectionProps) {
	const [comments, setComments] = useState<PlatformComment[] | null>(initialComments ?? null);
	/** When the list shown was read (undefined: the generated one, which shows dates). */
	const [now, setNow] = useState<number>();
	const [failed, setFailed] = useState(false);
	const [attempt, setAttempt] = useState(0);
	const readVotes = useStore($readVotes);
	const castVotes = useStore($castVotes);
	const ownPending = useStore($ownPendingComments);
	const [voting, setVoting] = useState<number | null>(null);
	const [text, setText] = useTypedBeforeHydration('comment-text');
	const [emptyError, setEmptyError] = useState(false);
	const [posting, setPosting] = useState(false);
	const userId = user === undefined ? undefined : (user?.id ?? null);
	/**
	 * Votes recorded while the list was being read: the list (read before them) must not put
	 * back the counts they replaced (the viewer's own votes are kept by the my-votes store).
	 */
	const votedDuringLoad = useRef(new Map<number, VoteResult>());

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` is what the Retry button asks for
	useEffect(() => {
		if (userId === undefined) return;
		let current = true;
		setFailed(false);
		votedDuringLoad.current.clear();
		apiRequest<PlatformComment[]>('GET', `/api/platforms/${platformId}/comments`)
			.then((list) => {
				if (!current) return;
				const voted = votedDuringLoad.current;
				setComments(
					list.map((item) => {
						const result = voted.get(item.id);
						return result
							? { ...item, helpfulVotes: result.helpfulVotes, unhelpfulVotes: result.unhelpfulVotes }
							: item;
					}),
				);
				setNow(Date.now());
			})
			.catch(() => current && setFailed(true));
		return () => {
			current = false;
		};
	}, [platformId, userId, attempt]);

	/** The public list with the viewer's own comments waiting for moderation, newest first. */
	const shown =
		comments === null
			? null
			: [...ownPending.filter((own) => !comments.some((c) => c.id === own.id)), ...comments].sort(
					(a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
				);

	async function vote(comment: PlatformComment, voteType: VoteType) {
		if (voting !== null || !(await ensureSignedIn(SIGN_IN_TO_VOTE))) return;
		setVoting(comment.id);
		try {
			const result = await apiRequest<VoteResult>('POST', `/api/comments/${comment.id}/vote`, {
				voteType,
			});
			setComments((list) =>
				(list ?? []).map((item) =>
					item.id === comment.id
						? { ...item, helpfulVotes: result.helpfulVotes, unhelpfulVotes: result.unhelpfulVotes }
						: item,
				),
			);
			recordMyVote('comments', comment.id, result.voteType);
			votedDuringLoad.current.set(comment.id, result);
		} catch (error) {
			reportFailure('Failed to record vote', error, 'Please try again.');
		} finally {
			setVoting(null);
		}
	}

	async function post(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		if (posting || !(await ensureSignedIn(SIGN_IN_TO_COMMENT))) return;
		const comment = text.trim();
		if (!comment) {
			setEmptyError(true);
			// Back to the box, after the render that ties the reason to it: a screen reader reads
			// both, and a second press is not silent either.
			requestAnimationFrame(() => document.getElementById('comment-text')?.focus());
			return;
		}
		setPosting(true);
		try {
			const created = await apiRequest<PlatformComment>('POST', `/api/platforms/${platformId}/comments`, {
				comment,
			});
			recordOwnComment(created);
			setNow(Date.now());
			setText('');
			toast({ title: 'Comment submitted', description: 'Your comment is awaiting moderation.' });
		} catch (error) {
			reportFailure('Error', error, 'Failed to post your comment. Please try again.');
		} finally {
			setPosting(false);
		}
	}

	return (
		<section
			aria-labelledby="comments-heading"
			className="rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6"
		>
			<h2 id="comments-heading" className="text-xl font-semibold tracking-tight text-ink">
				Comments
			</h2>
			<form onSubmit={post} className="mt-4 grid gap-3" noValidate>
				{signedOut && <SignInPrompt action="comment" returnTo={platformPath(platformSlug)} />}
				<div className="grid gap-2">
					<Label htmlFor="comment-text">Add a comment</Label>
					<Textarea
						id="comment-text"
						value={text}
						rows={3}
						maxLength={MAX_COMMENT_LENGTH}
						placeholder="Share your experience or ask the community..."
						aria-invalid={emptyError || undefined}
						aria-describedby={emptyError ? 'comment-error' : undefined}
						onChange={(event) => {
							setText(event.target.value);
							setEmptyError(false);
						}}
					/>
					<FormMessage id="comment-error">
						{emptyError ? 'Please write a comment before posting.' : null}
					</FormMessage>
				</div>
				<Button type="submit" loading={posting} className="justify-self-start">
					Post Comment
				</Button>
			</form>
			<div className="mt-4 border-t border-border">
				{failed ? (
					<LoadError what="the comments" onRetry={() => setAttempt((n) => n + 1)} />
				) : shown === null ? (
					<Spinner label="Loading comments..." className="min-h-0 py-8" />
				) : shown.length === 0 ? (
					<p className="py-6 text-center text-sm text-muted">No comments yet. Start the conversation!</p>
				) : (
					<ul className="divide-y divide-border" aria-label="Comments">
						{shown.map((comment) => (
							<CommentItem
								key={comment.id}
								comment={comment}
								myVote={myVote(readVotes, castVotes, 'comments', comment.id)}
								// Usernames are unique; the list carries no author ids.
								mine={!!user && comment.user?.username === user.username}
								busy={voting === comment.id}
								onVote={vote}
								now={now}
							/>
						))}
					</ul>
				)}
			</div>
		</section>
	);
}
