import { formatDate } from '@/lib/format';
import { articlePath } from '@/lib/public-paths';
import type { ArticleKind } from '@/lib/column-values';
import type { AdminArticle } from './api-types';
import { ContentCard, draftLabel } from './ContentCard';
import { PreviewLinkButton } from './PreviewLinkButton';

export type ArticleCardProps = {
	kind: ArticleKind;
	article: AdminArticle;
	onEdit: () => void;
	onDelete: () => void;
	/** Its views over the Analytics tab's period ('12 views in 7 days'), once loaded. */
	views?: string;
};

/** One article in the editor's News or Education list. */
export function ArticleCard({ kind, article, onEdit, onDelete, views }: ArticleCardProps) {
	return (
		<ContentCard
			testId="article-card"
			title={article.title}
			isPublished={article.isPublished}
			draftLabel={draftLabel(article.publishAt)}
			facts={[
				article.category,
				`${article.readTime} min read`,
				`by ${article.author?.name ?? 'Unknown author'}`,
				...(views ? [views] : []),
			]}
			viewHref={articlePath(kind, article.slug)}
			summary={article.excerpt}
			tags={article.tags}
			dates={
				<>
					Created {formatDate(article.createdAt)}
					<span aria-hidden="true"> · </span>
					Updated {formatDate(article.updatedAt)}
				</>
			}
			extraActions={
				!article.isPublished && <PreviewLinkButton type="article" id={article.id} title={article.title} />
			}
			onEdit={onEdit}
			onDelete={onDelete}
		/>
	);
}
