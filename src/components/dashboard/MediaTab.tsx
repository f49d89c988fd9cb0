/**
 * The Media tab: upload an image (picker or drag and drop, with progress, alt text required),
 * the library as a searchable, paged grid, each image's alt text editable in place, and Delete
 * behind a confirmation (the server refuses while an article, page, platform or episode uses it;
 * the confirmation says that browsers which already loaded the image may keep it a while).
 */
import { useState, type SubmitEvent } from 'react';
import { MAX_ALT_LENGTH, MEDIA_BROWSER_CACHE_HOURS, MEDIA_PAGE_SIZE } from '@/lib/validation/media';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Spinner } from '@/components/ui/Spinner';
import { apiRequest, failureText, isRefusal } from '@/lib/api-client';
import type { AdminMedia } from './api-types';
import { AudioLibrary } from './AudioLibrary';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { SearchField } from './SearchField';
import { thumbnailOf } from './media-upload';
import { MediaUploadForm } from './MediaUploadForm';
import { useApiData, withQuery } from './use-api-data';
import { useDebouncedValue } from './use-debounced-value';

function MediaCard({
	item,
	onChanged,
	onDelete,
}: {
	item: AdminMedia;
	onChanged: () => void;
	onDelete: () => void;
}) {
	const [alt, setAlt] = useState(item.alt);
	const [saving, setSaving] = useState(false);
	const thumbnail = thumbnailOf(item);
	const fieldId = `media-alt-${item.id}`;

	async function save(event: SubmitEvent) {
		event.preventDefault();
		setSaving(true);
		try {
			await apiRequest('PATCH', `/api/admin/media/${item.id}`, { alt: alt.trim() });
			toast({ title: 'Alt text saved' });
			onChanged();
		} catch (reason) {
			toast({
				title: 'Error',
				description: failureText(reason, 'The alt text was not saved.'),
				variant: 'destructive',
			});
		} finally {
			setSaving(false);
		}
	}

	return (
		<li
			className="grid content-start gap-2 rounded-lg border border-border bg-surface p-3"
			data-testid="media-card"
		>
			<img
				src={thumbnail.url}
				width={thumbnail.width}
				height={thumbnail.height}
				alt={item.alt}
				loading="lazy"
				className="aspect-[4/3] w-full rounded bg-gray-100 object-contain"
			/>
			<p className="truncate text-xs text-muted" title={item.name}>
				{item.name} · {item.width}×{item.height}
			</p>
			<form onSubmit={save} className="grid gap-1.5">
				<Label htmlFor={fieldId}>Alt text</Label>
				<Input
					id={fieldId}
					value={alt}
					maxLength={MAX_ALT_LENGTH}
					onChange={(event) => setAlt(event.target.value)}
				/>
				<div className="flex flex-wrap gap-2">
					<Button type="submit" size="sm" disabled={saving || !alt.trim() || alt.trim() === item.alt}>
						Save alt text
					</Button>
					<Button type="button" size="sm" variant="outline" onClick={onDelete}>
						Delete
					</Button>
				</div>
			</form>
		</li>
	);
}

export default function MediaTab() {
	const [search, setSearch] = useState('');
	const [offset, setOffset] = useState(0);
	const [deleting, setDeleting] = useState<AdminMedia | null>(null);
	const query = useDebouncedValue(search.trim());
	const page = Math.floor(offset / MEDIA_PAGE_SIZE) + 1;
	const library = useApiData<AdminMedia[]>(
		withQuery('/api/admin/media', { q: query, page: page > 1 ? page : undefined }),
	);

	async function remove(item: AdminMedia): Promise<boolean> {
		try {
			await apiRequest('DELETE', `/api/admin/media/${item.id}`);
			toast({ title: 'Image deleted' });
			library.reload();
			return true;
		} catch (reason) {
			toast({
				title: 'Not deleted',
				description: failureText(reason, 'The image was not deleted.'),
				variant: 'destructive',
			});
			// A refusal (in use) is final: the dialog goes, the toast says why. Else it stays to retry.
			if (isRefusal(reason)) library.reload();
			return isRefusal(reason);
		}
	}

	return (
		<section aria-labelledby="media-heading">
			<PanelHeader
				id="media-heading"
				title="Media"
				description="Images for articles, pages, platforms and episodes."
			>
				<SearchField
					id="media-search"
					label="Search images"
					placeholder="Search by alt text or file name..."
					value={search}
					onChange={(value) => {
						setSearch(value);
						setOffset(0);
					}}
				/>
			</PanelHeader>
			<MediaUploadForm
				className="mb-6"
				onUploaded={() => {
					setOffset(0);
					library.reload();
				}}
			/>
			{library.error && !library.data ? (
				<LoadError what="the images" error={library.error} onRetry={library.reload} />
			) : !library.data ? (
				<Spinner label="Loading images..." />
			) : library.data.length === 0 ? (
				<p className="text-muted">
					{query ? 'No image matches that search.' : 'No images yet: upload the first above.'}
				</p>
			) : (
				<ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Images">
					{library.data.map((item) => (
						<MediaCard
							key={`${item.id}-${item.alt}`}
							item={item}
							onChanged={library.reload}
							onDelete={() => setDeleting(item)}
						/>
					))}
				</ul>
			)}
			<Pager
				offset={offset}
				pageSize={MEDIA_PAGE_SIZE}
				count={library.data?.length ?? 0}
				total={library.total}
				label="Images"
				onChange={setOffset}
			/>
			<ConfirmDialog
				open={deleting !== null}
				onOpenChange={(open) => !open && setDeleting(null)}
				title="Delete this image?"
				description={
					deleting
						? `“${deleting.alt}” and all its sizes are removed for good. The site stops serving it at once, but browsers that already loaded it may keep showing it for up to ${MEDIA_BROWSER_CACHE_HOURS} hours.`
						: ''
				}
				confirmLabel="Delete"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
			<AudioLibrary />
		</section>
	);
}
