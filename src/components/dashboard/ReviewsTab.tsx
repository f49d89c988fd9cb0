/**
 * The Reviews tab: reviews readers reported (most reported first, with each open report's reason)
 * or every review, searched by text, author or platform, and paged. Dismiss clears a review's
 * reports and keeps it; Remove deletes it after the dashboard's own confirmation, and the
 * platform's rating and review count follow at once.
 */
import { platformPath } from '@/lib/public-paths';
import { useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/stores/toast';
import { StarRating } from '@/components/platforms/StarRating';
import { Button } from '@/components/ui/Button';
import { ClampedText } from '@/components/ui/ClampedText';
import { inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Spinner } from '@/components/ui/Spinner';
import type { AdminReview, AdminReviewList } from './api-types';
import { Badge } from './Badge';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { SearchField } from './SearchField';
import { useApiData, withQuery } from './use-api-data';
import { useDebouncedValue } from './use-debounced-value';

const PAGE_SIZE = 10;
const REMOVE_CONFIRMATION =
	"Are you sure you want to remove this review? It leaves the platform's rating at once and cannot be undone.";

function ReviewItem({
	review,
	busy,
	onDismiss,
	onRemove,
}: {
	review: AdminReview;
	busy: boolean;
	onDismiss: () => void;
	onRemove: () => void;
}) {
	const name = `review by ${review.author.username} of ${review.platform.name}`;
	return (
		<article
			className="min-w-0 rounded-xl border border-border bg-surface p-5 shadow-sm"
			data-testid="review-item"
			aria-label={`Review by ${review.author.username}`}
		>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0">
					<p className="flex flex-wrap items-center gap-2">
						<span className="font-semibold text-ink">{review.author.username}</span>
						<span className="text-sm text-muted">on</span>
						<a
							href={platformPath(review.platform.slug)}
							className="font-medium text-brand-700 underline-offset-4 hover:underline"
						>
							{review.platform.name}
						</a>
						<StarRating rating={review.rating} />
						{review.reportCount > 0 && (
							<Badge tone="warning">
								{review.reportCount} {review.reportCount === 1 ? 'report' : 'reports'}
							</Badge>
						)}
						{review.author.isBanned && <Badge tone="danger">Author banned: hidden</Badge>}
						{review.isAffiliated && <Badge tone="neutral">Affiliated: not counted</Badge>}
					</p>
					<p className="mt-1 text-xs text-muted">
						{review.author.email}
						<span aria-hidden="true"> · </span>
						<time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					{review.reportCount > 0 && (
						<Button
							size="sm"
							variant="outline"
							disabled={busy}
							aria-label={`Dismiss reports of the ${name}`}
							onClick={onDismiss}
						>
							Dismiss reports
						</Button>
					)}
					<Button
						size="sm"
						variant="destructive"
						disabled={busy}
						aria-label={`Remove the ${name}`}
						onClick={onRemove}
					>
						Remove
					</Button>
				</div>
			</div>
			{[review.review, review.pros && `Pros: ${review.pros}`, review.cons && `Cons: ${review.cons}`]
				.filter((text): text is string => !!text)
				.map((text) => (
					<ClampedText
						key={text}
						text={text}
						className="mt-3 whitespace-pre-line wrap-anywhere text-sm text-slate-800"
					/>
				))}
			{review.reports.length > 0 && (
				<div className="mt-3 rounded-lg bg-amber-50 p-3">
					<p className="text-xs font-semibold text-amber-900">Why readers reported it</p>
					<ul className="mt-1 grid gap-1 text-sm text-slate-800" data-testid="report-reasons">
						{review.reports.map((report) => (
							<li key={`${report.reporter}-${report.createdAt}`} className="wrap-anywhere">
								{report.reason}{' '}
								<span className="text-xs text-muted">
									({report.reporter},{' '}
									<time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>)
								</span>
							</li>
						))}
					</ul>
				</div>
			)}
		</article>
	);
}

export default function ReviewsTab() {
	const [reported, setReported] = useState<'1' | '0'>('1');
	const [search, setSearch] = useState('');
	const query = useDebouncedValue(search.trim());
	const [offset, setOffset] = useState(0);
	const list = useApiData<AdminReviewList>(
		withQuery('/api/admin/ratings', { reported, search: query, limit: PAGE_SIZE, offset }),
	);
	const [busyId, setBusyId] = useState<number | null>(null);
	const [removing, setRemoving] = useState<AdminReview | null>(null);
	const reviews = list.data?.reviews ?? [];

	/** After an action: reload, or step back a page when the last item of a page is gone. */
	function refresh(removedLastOnPage: boolean) {
		if (removedLastOnPage && offset > 0) setOffset(Math.max(0, offset - PAGE_SIZE));
		else list.reload();
	}

	async function act(review: AdminReview, path: string, done: string, leaves: boolean) {
		setBusyId(review.id);
		try {
			await apiRequest('DELETE', path);
			toast({ title: done });
			refresh(leaves && reviews.length === 1);
		} catch (error) {
			toast({
				title: 'Failed to moderate review',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
			refresh(false);
		} finally {
			setBusyId(null);
		}
	}

	return (
		<section aria-labelledby="reviews-heading">
			<PanelHeader
				id="reviews-heading"
				title="Reviews"
				description="Look into reviews readers reported; dismiss the reports or remove the review."
			>
				<div className="flex flex-wrap items-center gap-2">
					<SearchField
						id="review-search"
						label="Search reviews"
						placeholder="Search reviews, authors, platforms..."
						value={search}
						onChange={(value) => {
							setSearch(value);
							setOffset(0);
						}}
					/>
					<Label htmlFor="review-reported-filter">Show</Label>
					<select
						id="review-reported-filter"
						className={inputClasses}
						value={reported}
						onChange={(event) => {
							setReported(event.target.value as '1' | '0');
							setOffset(0);
						}}
					>
						<option value="1">Reported</option>
						<option value="0">All reviews</option>
					</select>
				</div>
			</PanelHeader>
			{list.error && !list.data ? (
				<LoadError what="the reviews" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading reviews..." />
			) : reviews.length === 0 ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-muted">
					{reported === '1' ? 'No reported reviews at the moment.' : 'No reviews found.'}
				</p>
			) : (
				<div className="grid gap-4">
					{reviews.map((review) => (
						<ReviewItem
							key={review.id}
							review={review}
							busy={busyId === review.id}
							onDismiss={() =>
								void act(
									review,
									`/api/admin/ratings/${review.id}/reports`,
									'Reports dismissed',
									reported === '1',
								)
							}
							onRemove={() => setRemoving(review)}
						/>
					))}
				</div>
			)}
			<Pager
				offset={offset}
				pageSize={PAGE_SIZE}
				count={reviews.length}
				total={list.data?.total}
				label="Reviews"
				onChange={setOffset}
			/>
			<ConfirmDialog
				open={removing !== null}
				onOpenChange={(open) => !open && setRemoving(null)}
				title="Remove review"
				description={REMOVE_CONFIRMATION}
				confirmLabel="Remove"
				destructive
				onConfirm={async () => {
					if (removing) await act(removing, `/api/admin/ratings/${removing.id}`, 'Review removed', true);
					return true;
				}}
			/>
		</section>
	);
}
