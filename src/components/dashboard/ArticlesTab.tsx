/**
 * The News and Education tabs (SPEC 2): every article of the kind, drafts included, searched
 * and paged by the API, with add, edit and delete.
 */
import { useState } from 'react';
import { apiRequest, failureText } from '../../lib/api-client';
import { toast } from '../../stores/toast';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import type { AdminArticle, ArticleKind } from './api-types';
import { ArticleCard } from './ArticleCard';
import { ArticleFormDialog } from './ArticleFormDialog';
import { KIND_LABELS } from './article-form';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { SearchField } from './SearchField';
import { useApiData, withQuery } from './use-api-data';
import { useDebouncedValue } from './use-debounced-value';

const PAGE_SIZE = 10;

export default function ArticlesTab({ kind }: { kind: ArticleKind }) {
	const label = KIND_LABELS[kind];
	const [search, setSearch] = useState('');
	const query = useDebouncedValue(search.trim());
	const [offset, setOffset] = useState(0);
	// One extra article tells whether a next page exists (the list endpoint has no total).
	const list = useApiData<AdminArticle[]>(
		withQuery(`/api/${kind}/all`, { search: query, limit: PAGE_SIZE + 1, offset }),
	);
	const [formOpen, setFormOpen] = useState(false);
	const [editing, setEditing] = useState<AdminArticle | null>(null);
	const [deleting, setDeleting] = useState<AdminArticle | null>(null);

	const articles = list.data?.slice(0, PAGE_SIZE) ?? [];

	function onSearch(value: string) {
		setSearch(value);
		setOffset(0);
	}

	function openForm(article: AdminArticle | null) {
		setEditing(article);
		setFormOpen(true);
	}

	async function remove(article: AdminArticle): Promise<boolean> {
		try {
			await apiRequest('DELETE', `/api/${kind}/${article.id}`);
			toast({ title: `${label} article deleted`, description: `"${article.title}" was removed.` });
			if (articles.length === 1 && offset > 0) setOffset(offset - PAGE_SIZE);
			else list.reload();
			return true;
		} catch (error) {
			toast({
				title: `Failed to delete ${label.toLowerCase()} article`,
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
			return false;
		}
	}

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
			<div className="mb-4 flex flex-wrap items-center gap-3">
				<SearchField
					id={`${kind}-search`}
					label={`Search ${label.toLowerCase()} articles`}
					placeholder="Search title, excerpt or tags..."
					value={search}
					onChange={onSearch}
				/>
				{list.loading && list.data && <span className="text-sm text-muted">Loading...</span>}
			</div>
			{list.error && !list.data ? (
				<LoadError what="the articles" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading articles..." />
			) : articles.length === 0 ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-muted">
					{query ? 'No articles match your search.' : `No ${label.toLowerCase()} articles yet.`}
				</p>
			) : (
				<div className="grid gap-4">
					{articles.map((article) => (
						<ArticleCard
							key={article.id}
							article={article}
							onEdit={() => openForm(article)}
							onDelete={() => setDeleting(article)}
						/>
					))}
				</div>
			)}
			<Pager
				offset={offset}
				pageSize={PAGE_SIZE}
				count={articles.length}
				hasMore={(list.data?.length ?? 0) > PAGE_SIZE}
				label={`${label} articles`}
				onChange={setOffset}
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
					deleting &&
					`Are you sure you want to delete "${deleting.title}"? This action cannot be undone.`
				}
				confirmLabel="Delete"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
		</section>
	);
}
