/**
 * Chooses an image from the media library (searched by alt text or file name), or uploads a new
 * one with the Media tab's own form (its alt text written once for every use) and chooses it:
 * the markdown editors insert it as `![alt](url)`, and the image address fields (logos, covers)
 * take its URL.
 */
import { useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import type { AdminMedia } from './api-types';
import { LoadError } from './LoadError';
import { MediaUploadForm } from './MediaUploadForm';
import { SearchField } from './SearchField';
import { thumbnailOf } from './media-upload';
import { useApiData, withQuery } from './use-api-data';
import { useDebouncedValue } from './use-debounced-value';

function PickerList({ onPick }: { onPick: (item: AdminMedia) => void }) {
	const [search, setSearch] = useState('');
	const query = useDebouncedValue(search.trim());
	const library = useApiData<AdminMedia[]>(withQuery('/api/admin/media', { q: query }));
	return (
		<div className="grid gap-3">
			<details className="rounded-lg border border-border" data-testid="media-picker-upload">
				<summary className="cursor-pointer px-4 py-2 text-sm font-medium text-ink">
					Upload a new image
				</summary>
				<MediaUploadForm idPrefix="media-picker" className="rounded-t-none border-0" onUploaded={onPick} />
			</details>
			<SearchField
				id="media-picker-search"
				label="Search images"
				placeholder="Search by alt text or file name..."
				value={search}
				onChange={setSearch}
			/>
			{library.error && !library.data ? (
				<LoadError what="the images" error={library.error} onRetry={library.reload} />
			) : !library.data ? (
				<Spinner label="Loading images..." />
			) : library.data.length === 0 ? (
				<p className="text-sm text-muted">No images yet: upload the first above.</p>
			) : (
				<ul
					className="grid max-h-[60vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3"
					aria-label="Images"
				>
					{library.data.map((item) => {
						const thumbnail = thumbnailOf(item);
						return (
							<li key={item.id}>
								<button
									type="button"
									onClick={() => onPick(item)}
									className="grid w-full gap-1 rounded-md border border-border p-2 text-left hover:border-brand-600 focus-visible:outline-2"
								>
									<img
										src={thumbnail.url}
										width={thumbnail.width}
										height={thumbnail.height}
										alt=""
										loading="lazy"
										className="aspect-[4/3] w-full object-contain"
									/>
									<span className="line-clamp-2 text-xs text-ink">{item.alt}</span>
								</button>
							</li>
						);
					})}
				</ul>
			)}
		</div>
	);
}

export function MediaPicker({
	open,
	onOpenChange,
	onPick,
	title = 'Insert an image',
}: {
	open: boolean;
	onOpenChange: (open: boolean) => void;
	onPick: (item: AdminMedia) => void;
	/** The dialog's title: what the chosen image is for. */
	title?: string;
}) {
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent
				title={title}
				description="Choose an image from the media library, or upload a new one."
				size="lg"
			>
				{open && (
					<PickerList
						onPick={(item) => {
							onPick(item);
							onOpenChange(false);
						}}
					/>
				)}
			</DialogContent>
		</Dialog>
	);
}
