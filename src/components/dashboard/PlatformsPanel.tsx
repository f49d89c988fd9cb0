/**
 * The platform admin panel: the directory in the editors' order with search, add, edit and
 * delete, each with its page's views over the Analytics tab's period. Used by the dashboard's
 * Platforms tab and by /admin/platforms. Below the sm breakpoint each table row lays out as a
 * card, so Edit and Delete stay on screen.
 */
import { platformPath } from '@/lib/public-paths';
import { useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { formatRating } from '@/lib/format';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import type { AdminPlatform } from './api-types';
import { Badge } from './Badge';
import { ConfirmDialog } from './ConfirmDialog';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { SearchedListView, useSearchedList } from './searched-list';
import { PlatformFormDialog } from './PlatformFormDialog';
import { useItemViews } from './use-item-views';

const PAGE_SIZE = 25;

export default function PlatformsPanel() {
	const searched = useSearchedList<AdminPlatform[]>('/api/admin/platforms', PAGE_SIZE);
	const { offset, setOffset, list } = searched;
	const [editing, setEditing] = useState<AdminPlatform | null>(null);
	const [formOpen, setFormOpen] = useState(false);
	const [deleting, setDeleting] = useState<AdminPlatform | null>(null);

	const rows = list.data ?? [];
	const viewsOf = useItemViews();

	function openForm(platform: AdminPlatform | null) {
		setEditing(platform);
		setFormOpen(true);
	}

	async function remove(platform: AdminPlatform): Promise<boolean> {
		try {
			await apiRequest('DELETE', `/api/admin/platforms/${platform.id}`);
			toast({ title: 'Platform deleted', description: `"${platform.name}" was removed.` });
			if (rows.length === 1 && offset > 0) setOffset(offset - PAGE_SIZE);
			else list.reload();
			return true;
		} catch (error) {
			toast({
				title: 'Failed to delete platform',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
			// Another editor may have changed or removed it meanwhile: show the list as it is.
			list.reload();
			return false;
		}
	}

	return (
		<section aria-labelledby="platforms-heading">
			<PanelHeader
				id="platforms-heading"
				title="Platforms"
				description="Add, edit and remove platforms in the directory."
			>
				<Button onClick={() => openForm(null)}>Add Platform</Button>
			</PanelHeader>
			<SearchedListView
				searched={searched}
				searchId="platform-search"
				searchLabel="Search platforms"
				placeholder="Search by name, category or feature..."
				what="platforms"
				isEmpty={rows.length === 0}
				emptyText={(query) =>
					query ? `No platforms match "${query}".` : 'No platforms yet. Add the first one.'
				}
			>
				<div className="relative overflow-x-auto rounded-xl border border-border bg-surface shadow-sm">
					{/* Positioned, so the screen-reader-only texts in it stay inside it instead of
					    widening the page. */}
					<table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
						<caption className="sr-only">Platforms in the directory</caption>
						<thead className="border-b border-border bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-sm:sr-only">
							<tr>
								<th scope="col" className="px-4 py-3 font-medium">
									Name
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									Category
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									Recommended
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									Sort order
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									Rating
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									Views
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									<span className="sr-only">Actions</span>
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-border max-sm:block">
							{rows.map((platform) => (
								<tr
									key={platform.id}
									data-testid="platform-row"
									className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:p-4 max-sm:*:p-0"
								>
									<th scope="row" className="px-4 py-3 font-medium text-ink max-sm:w-full">
										<a href={platformPath(platform.slug)} className="hover:text-primary hover:underline">
											{platform.name}
										</a>
									</th>
									<td className="px-4 py-3 wrap-normal text-slate-700">{platform.category}</td>
									<td className="px-4 py-3">
										{platform.isRecommended ? (
											<Badge tone="brand">Recommended</Badge>
										) : (
											// On a phone's card the badge alone says it; "No" without its column head would not.
											<span className="text-muted max-sm:hidden">No</span>
										)}
									</td>
									<td className="px-4 py-3 text-right tabular-nums text-slate-700">
										<span className="sm:hidden">Sort order </span>
										{platform.sortOrder}
									</td>
									<td className="px-4 py-3 text-right tabular-nums text-slate-700">
										<span className="sm:hidden">Rating </span>
										{formatRating(platform.rating)}
										<span className="text-muted"> ({platform.reviewCount})</span>
									</td>
									<td
										className="px-4 py-3 text-right tabular-nums text-slate-700"
										data-testid="platform-views"
									>
										{viewsOf(platformPath(platform.slug)) ?? '…'}
									</td>
									<td className="px-4 py-3 max-sm:mt-2 max-sm:w-full">
										<div className="flex gap-2 sm:justify-end">
											<Button
												variant="outline"
												size="sm"
												aria-label={`Edit ${platform.name}`}
												onClick={() => openForm(platform)}
											>
												Edit
											</Button>
											<Button
												variant="destructive"
												size="sm"
												aria-label={`Delete ${platform.name}`}
												onClick={() => setDeleting(platform)}
											>
												Delete
											</Button>
										</div>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</SearchedListView>
			<Pager
				offset={offset}
				pageSize={PAGE_SIZE}
				count={rows.length}
				total={list.total}
				label="Platforms"
				onChange={setOffset}
			/>
			<PlatformFormDialog
				open={formOpen}
				onOpenChange={setFormOpen}
				platform={editing}
				onSaved={list.reload}
			/>
			<ConfirmDialog
				open={deleting !== null}
				onOpenChange={(open) => !open && setDeleting(null)}
				title="Delete platform"
				description={
					deleting &&
					`Are you sure you want to delete "${deleting.name}"? Its ratings and comments will be removed too. This action cannot be undone.`
				}
				confirmLabel="Delete Platform"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
		</section>
	);
}
