/**
 * The News and Education tabs: every article of the kind, drafts included, searched,
 * filtered by status and paged by the API (status-list.tsx), with add, edit and delete.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { ArticleKind } from '@/lib/column-values';
import type { AdminArticle } from './api-types';
import { ArticleCard } from './ArticleCard';
import { ArticleFormDialog } from './ArticleFormDialog';
import { KIND_LABELS } from './article-form';
import { ConfirmDialog } from './ConfirmDialog';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { SearchedListView } from './searched-list';
import { StatusControls, deleteListed, useStatusList } from './status-list';
import { useItemViews } from './use-item-views';
import { articlePath } from '@/lib/public-paths';

const PAGE_SIZE = 10;

export default function ArticlesTab({ kind }: { kind: ArticleKind }) {
	const label = KIND_LABELS[kind];
	const listed = useStatusList<AdminArticle>(`/api/${kind}/all`, PAGE_SIZE);
	const { list, status, offset } = listed;
	const [formOpen, setFormOpen] = useState(false);
	const [editing, setEditing] = useState<AdminArticle | null>(null);
	const [deleting, setDeleting] = useState<AdminArticle | null>(null);

	const articles = list.data ?? [];
	const viewsOf = useItemViews();

	function openForm(article: AdminArticle | null) {
		setEditing(article);
		setFormOpen(true);
	}

	const remove = (article: AdminArticle) =>
		deleteListed(listed, `/api/${kind}/${article.id}`, {
			done: { title: `${label} article deleted`, description: `"${article.title}" was removed.` },
			failureTitle: `Failed to delete ${label.toLowerCase()} article`,
		});

	const headingId = `${kind}-articles-heading`;
	return (
		<section aria-labelledby={headingId}>
			<PanelHeader
				id={headingId}
				title={`${label} Articles`}
				description="Drafts and published articles, newest first."
			>
				<Button onClick={() => openForm(null)}>Add {label} Article</Button>
			</PanelHeader>
			<SearchedListView
				searched={listed}
				searchId={`${kind}-search`}
				searchLabel={`Search ${label.toLowerCase()} articles`}
				placeholder="Search title, excerpt, tags or text..."
				what="articles"
				isEmpty={articles.length === 0}
				emptyText={(query) =>
					query
						? 'No articles match your search.'
						: status
							? `No ${status === 'draft' ? 'drafts' : 'published articles'} here.`
							: `No ${label.toLowerCase()} articles yet.`
				}
				controls={
					<StatusControls
						listed={listed}
						idPrefix={kind}
						totalTestId="article-total"
						count={(total) => (total === 1 ? '1 article' : `${total} articles`)}
					/>
				}
			>
				<div className="grid gap-4">
					{articles.map((article) => (
						<ArticleCard
							key={article.id}
							kind={kind}
							article={article}
							views={viewsOf(articlePath(kind, article.slug))}
							onEdit={() => openForm(article)}
							onDelete={() => setDeleting(article)}
						/>
					))}
				</div>
			</SearchedListView>
			<Pager
				offset={offset}
				pageSize={PAGE_SIZE}
				count={articles.length}
				total={list.total}
				label={`${label} articles`}
				onChange={listed.setOffset}
			/>
			<ArticleFormDialog
				kind={kind}
				open={formOpen}
				onOpenChange={setFormOpen}
				article={editing}
				onSaved={list.reload}
			/>
			<ConfirmDialog
				open={deleting !== null}
				onOpenChange={(open) => !open && setDeleting(null)}
				title={`Delete ${label.toLowerCase()} article`}
				description={
					deleting && `Are you sure you want to delete "${deleting.title}"? This action cannot be undone.`
				}
				confirmLabel="Delete"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
		</section>
	);
}
