/**
 * A dashboard list of drafts and published items (articles, episodes): searched, filtered by
 * status and paged by the API's editors' list (`/all`, with X-Total-Count). The status and the
 * page live in the URL (?tab=news&status=draft&page=2), so a reload or a shared link keeps
 * them. The search field and the list's states are SearchedListView's; this adds the status
 * select and the count beside it.
 */
import { useEffect, useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { toast } from '@/stores/toast';
import { inputClasses } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { type SearchedList, useSearchedList } from './searched-list';

export type StatusFilter = '' | 'draft' | 'published';

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
	{ value: '', label: 'All' },
	{ value: 'draft', label: 'Drafts' },
	{ value: 'published', label: 'Published' },
];

/** The status and page the URL names (page 1 and every status are left out of it). */
function listStateFromUrl(pageSize: number): { status: StatusFilter; offset: number } {
	const params = new URLSearchParams(window.location.search);
	const status = params.get('status');
	const page = Number(params.get('page'));
	return {
		status: status === 'draft' || status === 'published' ? status : '',
		offset: Number.isInteger(page) && page > 1 ? (page - 1) * pageSize : 0,
	};
}

function writeListStateToUrl(status: StatusFilter, offset: number, pageSize: number): void {
	const url = new URL(window.location.href);
	const page = Math.floor(offset / pageSize) + 1;
	if (status) url.searchParams.set('status', status);
	else url.searchParams.delete('status');
	if (page > 1) url.searchParams.set('page', String(page));
	else url.searchParams.delete('page');
	if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

export type StatusList<T> = SearchedList<T[]> & {
	status: StatusFilter;
	setStatus: (status: StatusFilter) => void;
	/** After a delete: back one page when it emptied the last one, else load the page again. */
	afterDelete: () => void;
};

export function useStatusList<T>(path: string, pageSize: number): StatusList<T> {
	const [initial] = useState(() => listStateFromUrl(pageSize));
	const [status, setStatusValue] = useState<StatusFilter>(initial.status);
	const searched = useSearchedList<T[]>(path, pageSize, {
		filters: { status },
		initialOffset: initial.offset,
	});
	const { offset, setOffset, list } = searched;
	useEffect(() => writeListStateToUrl(status, offset, pageSize), [status, offset, pageSize]);

	// A page past the end (a shared link, the last item of a page deleted elsewhere): go to the
	// last page there is.
	const total = list.total;
	useEffect(() => {
		if (total !== undefined && offset > 0 && offset >= total) {
			setOffset(Math.max(0, Math.ceil(total / pageSize) - 1) * pageSize);
		}
	}, [total, offset, pageSize, setOffset]);

	return {
		...searched,
		status,
		setStatus: (next) => {
			setStatusValue(next);
			setOffset(0);
		},
		afterDelete: () => {
			if (list.data?.length === 1 && offset > 0) setOffset(offset - pageSize);
			else list.reload();
		},
	};
}

/** The status select and the number of matches, for SearchedListView's controls. */
export function StatusControls<T>({
	listed,
	idPrefix,
	totalTestId,
	count,
}: {
	listed: StatusList<T>;
	idPrefix: string;
	totalTestId: string;
	/** "1 article", "12 articles". */
	count: (total: number) => string;
}) {
	const total = listed.list.total;
	return (
		<>
			<div className="flex items-center gap-2">
				<Label htmlFor={`${idPrefix}-status-filter`}>Status</Label>
				<select
					id={`${idPrefix}-status-filter`}
					className={inputClasses}
					value={listed.status}
					onChange={(event) => listed.setStatus(event.target.value as StatusFilter)}
				>
					{STATUS_FILTERS.map((filter) => (
						<option key={filter.value} value={filter.value}>
							{filter.label}
						</option>
					))}
				</select>
			</div>
			{total !== undefined && (
				<p className="text-sm text-muted" data-testid={totalTestId}>
					{count(total)}
				</p>
			)}
		</>
	);
}

/**
 * Deletes one item of the list (after the confirm dialog) and says so in a toast; on failure
 * the list is loaded again, as another editor may have changed or removed it meanwhile.
 */
export async function deleteListed<T>(
	listed: StatusList<T>,
	path: string,
	toasts: { done: { title: string; description: string }; failureTitle: string },
): Promise<boolean> {
	try {
		await apiRequest('DELETE', path);
		toast(toasts.done);
		listed.afterDelete();
		return true;
	} catch (error) {
		toast({
			title: toasts.failureTitle,
			description: failureText(error, 'An unexpected error occurred'),
			variant: 'destructive',
		});
		listed.list.reload();
		return false;
	}
}
