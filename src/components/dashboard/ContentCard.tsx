import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-classes';
import { Badge } from './Badge';

const MAX_TAGS = 3;

/**
 * An unpublished item's badge: its publication time in the editor's own zone and language when
 * scheduled (the dashboard renders in the browser only), else Draft.
 */
export function draftLabel(publishAt: string | null): string {
	if (!publishAt) return 'Draft';
	return `Scheduled: ${new Date(publishAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
}

export type ContentCardProps = {
	title: string;
	isPublished: boolean;
	/** What an unpublished item's badge says: 'Draft' unless it is scheduled. */
	draftLabel?: string;
	/** The facts under the title ('Industry News', '5 min read', 'by editor'), shown dot-separated. */
	facts: string[];
	/** The public address (an article's draft opens too: its page answers editors); null: none. */
	viewHref: string | null;
	summary: string;
	tags: string[];
	/** The dates in the card's corner. */
	dates: ReactNode;
	/** Actions of this kind of item, between View on site and Edit (Share preview on a draft). */
	extraActions?: ReactNode;
	testId: string;
	onEdit: () => void;
	onDelete: () => void;
};

/** One article or episode in the editor's lists: title, status, facts, actions, summary, tags. */
export function ContentCard({
	title,
	isPublished,
	draftLabel = 'Draft',
	facts,
	viewHref,
	summary,
	tags: allTags,
	dates,
	extraActions,
	testId,
	onEdit,
	onDelete,
}: ContentCardProps) {
	const tags = allTags.slice(0, MAX_TAGS);
	const hidden = allTags.length - tags.length;
	return (
		<article
			className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-sm"
			data-testid={testId}
		>
			{/* The title takes the row, and the buttons move below it before it gets narrower
			    than 16rem (on a phone), instead of squeezing it to a word per line. */}
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0 flex-1 basis-64">
					<div className="flex flex-wrap items-center gap-2">
						<h3 className="text-lg font-semibold leading-tight text-ink">{title}</h3>
						{isPublished ? (
							<Badge tone="success">Published</Badge>
						) : (
							<Badge tone="warning">{draftLabel}</Badge>
						)}
					</div>
					<p className="mt-1 text-sm text-muted">
						{facts.map((fact, index) => (
							<span key={fact}>
								{index > 0 && <span aria-hidden="true"> · </span>}
								<span>{fact}</span>
							</span>
						))}
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					{viewHref !== null && (
						<a
							href={viewHref}
							className={buttonClasses({ variant: 'ghost', size: 'sm' })}
							aria-label={`View on site: ${title}`}
						>
							View on site
						</a>
					)}
					{extraActions}
					<Button variant="outline" size="sm" aria-label={`Edit ${title}`} onClick={onEdit}>
						Edit
					</Button>
					<Button variant="destructive" size="sm" aria-label={`Delete ${title}`} onClick={onDelete}>
						Delete
					</Button>
				</div>
			</div>
			<p className="line-clamp-2 text-sm text-slate-700">{summary}</p>
			<div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
				<ul className="flex flex-wrap gap-1.5" aria-label="Tags">
					{tags.map((tag) => (
						<li key={tag}>
							<Badge>
								<span className="wrap-anywhere">{tag}</span>
							</Badge>
						</li>
					))}
					{hidden > 0 && (
						<li>
							<Badge>+{hidden} more</Badge>
						</li>
					)}
				</ul>
				<p>{dates}</p>
			</div>
		</article>
	);
}
