/**
 * The Comments tab: moderation of every comment, filtered by status (Pending first,
 * what waits for an editor, with its count) and paged.
 * Approve and Reject appear only where the transition is allowed (pending to either, approved to
 * rejected, rejected to approved); Delete asks for confirmation in the dashboard's own dialog first.
 */
import { useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { canModerate, type ModerationDecision, type ModerationStatus } from '@/lib/comment-moderation';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { ClampedText } from '@/components/ui/ClampedText';
import { inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Spinner } from '@/components/ui/Spinner';
import type { AdminComment, AdminCommentList } from './api-types';
import { Badge, type BadgeTone } from './Badge';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { useApiData, withQuery } from './use-api-data';

const PAGE_SIZE = 10;
const DELETE_CONFIRMATION = 'Are you sure you want to delete this comment? This action cannot be undone.';

const FILTERS: { value: '' | ModerationStatus; label: string }[] = [
	{ value: '', label: 'All' },
	{ value: 'pending', label: 'Pending' },
	{ value: 'approved', label: 'Approved' },
	{ value: 'rejected', label: 'Rejected' },
];

const STATUS_BADGES: Record<ModerationStatus, { tone: BadgeTone; label: string }> = {
	pending: { tone: 'warning', label: 'Pending' },
	approved: { tone: 'success', label: 'Approved' },
	rejected: { tone: 'danger', label: 'Rejected' },
};

const EXCERPT_LENGTH = 40;

/** Names a comment for a screen reader's list of buttons: its author and its first words. */
export function commentName(author: string, text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	const excerpt = flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH).trimEnd()}…` : flat;
	return `comment by ${author}: “${excerpt}”`;
}

const DECISIONS: { to: ModerationDecision; label: string; past: string }[] = [
	{ to: 'approved', label: 'Approve', past: 'approved' },
	{ to: 'rejected', label: 'Reject', past: 'rejected' },
];

function CommentItem({
	comment,
	busy,
	onModerate,
	onDelete,
}: {
	comment: AdminComment;
	busy: boolean;
	onModerate: (to: ModerationDecision) => void;
	onDelete: () => void;
}) {
	const badge = STATUS_BADGES[comment.status];
	const author = comment.author?.username ?? 'Anonymous';
	const name = commentName(author, comment.comment);
	return (
		<article
			className="min-w-0 rounded-xl border border-border bg-surface p-5 shadow-sm"
			data-testid="comment-item"
			aria-label={`Comment by ${author}`}
		>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0">
					<p className="flex flex-wrap items-center gap-2">
						<span className="font-semibold text-ink">{author}</span>
						<span className="text-sm text-muted">on</span>
						<span className="font-medium text-slate-800">{comment.platform?.name ?? 'Unknown Platform'}</span>
						<Badge tone={badge.tone}>{badge.label}</Badge>
					</p>
					<p className="mt-1 text-xs text-muted">
						{comment.author?.email ?? 'No email'}
						<span aria-hidden="true"> · </span>
						<time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					{DECISIONS.filter(({ to }) => canModerate(comment.status, to)).map(({ to, label }) => (
						<Button
							key={to}
							size="sm"
							variant={to === 'approved' ? 'primary' : 'outline'}
							disabled={busy}
							aria-label={`${label} ${name}`}
							onClick={() => onModerate(to)}
						>
							{label}
						</Button>
					))}
					<Button
						size="sm"
						variant="destructive"
						disabled={busy}
						aria-label={`Delete ${name}`}
						onClick={onDelete}
					>
						Delete
					</Button>
				</div>
			</div>
			<ClampedText
				text={comment.comment}
				className="mt-3 whitespace-pre-line wrap-anywhere text-sm text-slate-800"
			/>
		</article>
	);
}

export default function CommentsTab() {
	const [status, setStatus] = useState<'' | ModerationStatus>('pending');
	const [offset, setOffset] = useState(0);
	const list = useApiData<AdminCommentList>(
		withQuery('/api/admin/comments', { status, limit: PAGE_SIZE, offset }),
	);
	// What waits for an editor, whatever the filter shows.
	const pending = useApiData<AdminCommentList>(
		withQuery('/api/admin/comments', { status: 'pending', limit: 1 }),
	);
	const pendingCount = pending.data?.total;
	const [busyId, setBusyId] = useState<number | null>(null);
	const [deleting, setDeleting] = useState<AdminComment | null>(null);

	const comments = list.data?.comments ?? [];

	/** After an action: reload, or step back a page when the last item of a page is gone. */
	function refresh(removedLastOnPage: boolean) {
		if (removedLastOnPage && offset > 0) setOffset(Math.max(0, offset - PAGE_SIZE));
		else list.reload();
		pending.reload();
	}

	async function moderate(comment: AdminComment, to: ModerationDecision) {
		setBusyId(comment.id);
		try {
			await apiRequest('PATCH', `/api/admin/comments/${comment.id}/moderate`, {
				status: to,
			});
			toast({
				title: 'Comment moderated',
				description: `The comment was ${DECISIONS.find((d) => d.to === to)!.past}.`,
			});
			// Under a status filter the comment leaves the list.
			refresh(status !== '' && comments.length === 1);
		} catch (error) {
			toast({
				title: 'Failed to moderate comment',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
			// Another editor may have moderated or deleted it meanwhile: show the list as it is.
			refresh(false);
		} finally {
			setBusyId(null);
		}
	}

	/** The confirm dialog's action: true closes the dialog (on a failure too: the toast says why). */
	async function remove(comment: AdminComment): Promise<boolean> {
		setBusyId(comment.id);
		try {
			await apiRequest('DELETE', `/api/admin/comments/${comment.id}`);
			toast({ title: 'Comment deleted' });
			refresh(comments.length === 1);
		} catch (error) {
			toast({
				title: 'Failed to moderate comment',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
			refresh(false);
		} finally {
			setBusyId(null);
		}
		return true;
	}

	return (
		<section aria-labelledby="comments-heading">
			<PanelHeader
				id="comments-heading"
				title="Comments"
				description="Approve, reject or delete what users post on platform pages."
			>
				<div className="flex items-center gap-2">
					<Label htmlFor="comment-status-filter">Status</Label>
					<select
						id="comment-status-filter"
						className={inputClasses}
						value={status}
						onChange={(event) => {
							setStatus(event.target.value as '' | ModerationStatus);
							setOffset(0);
						}}
					>
						{FILTERS.map((filter) => (
							<option key={filter.value} value={filter.value}>
								{filter.label}
							</option>
						))}
					</select>
					{pendingCount !== undefined && (
						<p
							className="text-sm whitespace-nowrap text-muted"
							data-testid="pending-count"
							aria-live="polite"
						>
							{pendingCount} pending
						</p>
					)}
				</div>
			</PanelHeader>
			{list.error && !list.data ? (
				<LoadError what="the comments" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading comments..." />
			) : comments.length === 0 ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-muted">
					No comments to moderate at the moment.
				</p>
			) : (
				<div className="grid gap-4">
					{comments.map((comment) => (
						<CommentItem
							key={comment.id}
							comment={comment}
							busy={busyId === comment.id}
							onModerate={(to) => void moderate(comment, to)}
							onDelete={() => setDeleting(comment)}
						/>
					))}
				</div>
			)}
			<Pager
				offset={offset}
				pageSize={PAGE_SIZE}
				count={comments.length}
				total={list.data?.total}
				label="Comments"
				onChange={setOffset}
			/>
			<ConfirmDialog
				open={deleting !== null}
				onOpenChange={(open) => !open && setDeleting(null)}
				title="Delete comment"
				description={DELETE_CONFIRMATION}
				confirmLabel="Delete"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
		</section>
	);
}
