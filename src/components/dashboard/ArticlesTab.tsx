/**
 * The News and Education tabs: every article of the kind, drafts included, searched,
 * filtered by status and paged by the API, with add, edit and delete. The page and the status
 * live in the URL (?tab=news&status=draft&page=2), so a reload or a shared link keeps them.
 */
import { useEffect, useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Spinner } from '@/components/ui/Spinner';
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

type StatusFilter = '' | 'draft' | 'published';

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
	{ value: '', label: 'All' },
	{ value: 'draft', label: 'Drafts' },
	{ value: 'published', label: 'Published' },
];

/** The status and page the URL names (page 1 and every status are left out of it). */
function listStateFromUrl(): { status: StatusFilter; offset: number } {
	const params = new URLSearchParams(window.location.search);
	const status = params.get('status');
	const page = Number(params.get('page'));
	return {
		status: status === 'draft' || status === 'published' ? status : '',
		offset: Number.isInteger(page) && page > 1 ? (page - 1) * PAGE_SIZE : 0,
	};
}

function writeListStateToUrl(status: StatusFilter, offset: number): void {
	const url = new URL(window.location.href);
	const page = Math.floor(offset / PAGE_SIZE) + 1;
	if (status) url.searchParams.set('status', status);
	else url.searchParams.delete('status');
	if (page > 1) url.searchParams.set('page', String(page));
	else url.searchParams.delete('page');
	if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

export default function ArticlesTab({ kind }: { kind: ArticleKind }) {
	const label = KIND_LABELS[kind];
	const [search, setSearch] = useState('');
	const query = useDebouncedValue(search.trim());
	const [initial] = useState(listStateFromUrl);
	const [status, setStatus] = useState<StatusFilter>(initial.status);
	const [offset, setOffset] = useState(initial.offset);
	const list = useApiData<AdminArticle[]>(
		withQuery(`/api/${kind}/all`, {
			search: query,
			status,
			limit: PAGE_SIZE,
			offset,
		}),
	);
	useEffect(() => writeListStateToUrl(status, offset), [status, offset]);
	const [formOpen, setFormOpen] = useState(false);
	const [editing, setEditing] = useState<AdminArticle | null>(null);
	const [deleting, setDeleting] = useState<AdminArticle | null>(null);

	const articles = list.data ?? [];
	const total = list.total;

	// A page past the end (a shared link, the last article of a page deleted elsewhere): go
	// to the last page there is.
	useEffect(() => {
		if (total !== undefined && offset > 0 && offset >= total) {
			setOffset(Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) * PAGE_SIZE);
		}
	}, [total, offset]);

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
			// Another editor may have changed or removed it meanwhile: show the list as it is.
			list.reload();
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
					placeholder="Search title, excerpt, tags or text..."
					value={search}
					onChange={onSearch}
				/>
				<div className="flex items-center gap-2">
					<Label htmlFor={`${kind}-status-filter`}>Status</Label>
					<select
						id={`${kind}-status-filter`}
						className={inputClasses}
						value={status}
						onChange={(event) => {
							setStatus(event.target.value as StatusFilter);
							setOffset(0);
						}}
					>
						{STATUS_FILTERS.map((filter) => (
							<option key={filter.value} value={filter.value}>
								{filter.label}
							</option>
						))}
					</select>
				</div>
				{total !== undefined && (
					<p className="text-sm text-muted" data-testid="article-total">
						{total === 1 ? '1 article' : `${total} articles`}
					</p>
				)}
				{list.loading && list.data && <span className="text-sm text-muted">Loading...</span>}
			</div>
			{list.error && !list.data ? (
				<LoadError what="the articles" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading articles..." />
			) : articles.length === 0 ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-muted">
					{query
						? 'No articles match your search.'
						: status
							? `No ${status === 'draft' ? 'drafts' : 'published articles'} here.`
							: `No ${label.toLowerCase()} articles yet.`}
				</p>
			) : (
				<div className="grid gap-4">
					{articles.map((article) => (
						<ArticleCard
							key={article.id}
							kind={kind}
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
				total={total}
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
					deleting && `Are you sure you want to delete "${deleting.title}"? This action cannot be undone.`
				}
				confirmLabel="Delete"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
		</section>
	);
}
