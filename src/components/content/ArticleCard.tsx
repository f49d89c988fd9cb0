/**
 * The news and education card: one component for the generated home page (rendered
 * by Astro without hydration) and for the filter islands, so both look the same.
 */
import { categoryBadgeClasses } from './category-badge';
import { articlePath } from '@/lib/public-paths';
import type { ArticleKind } from '@/lib/column-values';
import { readTimeLabel, type ArticleSummary } from './article-summary';
import { CardImage } from './CardImage';
import { TagList } from './TagList';
import { TimeAgo } from './TimeAgo';

const CARD_TAG_LIMIT = 3;

export type ArticleCardProps = {
	kind: ArticleKind;
	article: ArticleSummary;
	/** See TimeAgo: absent in generated HTML, Date.now() in islands. */
	now?: number;
	eagerImage?: boolean;
};

export function ArticleCard({ kind, article, now, eagerImage }: ArticleCardProps) {
	return (
		<article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring">
			<CardImage
				src={article.imageUrl}
				width={640}
				height={360}
				eager={eagerImage}
				className="aspect-video w-full"
			/>
			<div className="flex flex-1 flex-col gap-3 p-5">
				<div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
					<span className={categoryBadgeClasses(article.category)}>{article.category}</span>
					<TimeAgo value={article.createdAt} now={now} />
					<span aria-hidden="true">·</span>
					<span>{readTimeLabel(article.readTime)}</span>
				</div>
				<h3 className="text-lg leading-snug font-semibold text-ink">
					<a
						href={articlePath(kind, article.slug)}
						className="outline-none group-hover:text-brand-700 after:absolute after:inset-0"
					>
						{article.title}
					</a>
				</h3>
				<p className="line-clamp-3 text-sm leading-6 text-muted">{article.excerpt}</p>
				<TagList tags={article.tags} limit={CARD_TAG_LIMIT} className="mt-auto pt-1" />
			</div>
		</article>
	);
}
