import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/Button';
import { articlePath } from '@/lib/public-paths';
import { buttonClasses } from '@/components/ui/button-classes';
import type { AdminArticle, ArticleKind } from './api-types';
import { Badge } from './Badge';

/** A time in the editor's own zone and language (the dashboard renders in the browser only). */
function localDateTime(iso: string): string {
	return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const MAX_TAGS = 3;

export type ArticleCardProps = {
	kind: ArticleKind;
	article: AdminArticle;
	onEdit: () => void;
	onDelete: () => void;
};

/** One article in the editor's News or Education list. */
export function ArticleCard({ kind, article, onEdit, onDelete }: ArticleCardProps) {
	const tags = article.tags.slice(0, MAX_TAGS);
	const hidden = article.tags.length - tags.length;
	return (
		<article
			className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-sm"
			data-testid="article-card"
		>
			{/* The title takes the row, and the buttons move below it before it gets narrower
			    than 16rem (on a phone), instead of squeezing it to a word per line. */}
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0 flex-1 basis-64">
					<div className="flex flex-wrap items-center gap-2">
						<h3 className="text-lg font-semibold leading-tight text-ink">{article.title}</h3>
						{article.isPublished ? (
							<Badge tone="success">Published</Badge>
						) : article.publishAt ? (
							<Badge tone="warning">Scheduled: {localDateTime(article.publishAt)}</Badge>
						) : (
							<Badge tone="warning">Draft</Badge>
						)}
					</div>
					<p className="mt-1 text-sm text-muted">
						<span>{article.category}</span>
						<span aria-hidden="true"> · </span>
						<span>{article.readTime} min read</span>
						<span aria-hidden="true"> · </span>
						<span>by {article.author?.username ?? 'Unknown author'}</span>
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					{/* Drafts open too: their page answers editors (everyone else gets 404). */}
					<a
						href={articlePath(kind, article.id)}
						className={buttonClasses({ variant: 'ghost', size: 'sm' })}
						aria-label={`View on site: ${article.title}`}
					>
						View on site
					</a>
					<Button variant="outline" size="sm" aria-label={`Edit ${article.title}`} onClick={onEdit}>
						Edit
					</Button>
					<Button variant="destructive" size="sm" aria-label={`Delete ${article.title}`} onClick={onDelete}>
						Delete
					</Button>
				</div>
			</div>
			<p className="line-clamp-2 text-sm text-slate-700">{article.excerpt}</p>
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
				<p>
					Created {formatDate(article.createdAt)}
					<span aria-hidden="true"> · </span>
					Updated {formatDate(article.updatedAt)}
				</p>
			</div>
		</article>
	);
}
