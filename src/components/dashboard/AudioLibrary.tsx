/**
 * The Media tab's audio: the episode audio files editors uploaded (newest first, paged), each
 * with its size, length and date, and Delete behind the same confirmation as images (the server
 * refuses while an episode uses the file). Uploading stays in the episode form.
 */
import { useState } from 'react';
import { apiRequest, failureText, isRefusal } from '@/lib/api-client';
import { MEDIA_BROWSER_CACHE_HOURS, MEDIA_PAGE_SIZE } from '@/lib/validation/media';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import type { AdminAudio } from './api-types';
import { formatSeconds } from './AudioUpload';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { useApiData, withQuery } from './use-api-data';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const fileName = (audio: AdminAudio) => audio.url.slice(audio.url.lastIndexOf('/') + 1);

export function AudioLibrary() {
	const [offset, setOffset] = useState(0);
	const [deleting, setDeleting] = useState<AdminAudio | null>(null);
	const page = Math.floor(offset / MEDIA_PAGE_SIZE) + 1;
	const audio = useApiData<AdminAudio[]>(
		withQuery('/api/admin/media/audio', { page: page > 1 ? page : undefined }),
	);

	async function remove(item: AdminAudio): Promise<boolean> {
		try {
			await apiRequest('DELETE', `/api/admin/media/audio/${item.id}`);
			toast({ title: 'Audio file deleted' });
			audio.reload();
			return true;
		} catch (reason) {
			toast({
				title: 'Not deleted',
				description: failureText(reason, 'The audio file was not deleted.'),
				variant: 'destructive',
			});
			if (isRefusal(reason)) audio.reload();
			return isRefusal(reason);
		}
	}

	return (
		<section aria-labelledby="media-audio-heading" className="mt-8">
			<h3 id="media-audio-heading" className="mb-1 text-lg font-semibold">
				Audio
			</h3>
			<p className="mb-3 text-sm text-muted">Episode audio uploaded from the episode form.</p>
			{audio.error && !audio.data ? (
				<LoadError what="the audio files" error={audio.error} onRetry={audio.reload} />
			) : !audio.data ? (
				<Spinner label="Loading audio files..." />
			) : audio.data.length === 0 ? (
				<p className="text-muted">No audio files yet: upload one from an episode.</p>
			) : (
				<ul className="grid gap-2" aria-label="Audio files">
					{audio.data.map((item) => (
						<li
							key={item.id}
							data-testid="audio-row"
							className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-surface p-3"
						>
							<div className="min-w-0">
								<p className="truncate font-mono text-sm" title={item.url}>
									{fileName(item)}
								</p>
								<p className="text-xs text-muted">
									{megabytes(item.bytes)} · {formatSeconds(item.durationSeconds)} · uploaded{' '}
									{new Date(item.createdAt).toLocaleDateString()}
								</p>
							</div>
							<Button
								type="button"
								size="sm"
								variant="outline"
								onClick={() => setDeleting(item)}
								aria-label={`Delete ${fileName(item)}`}
							>
								Delete
							</Button>
						</li>
					))}
				</ul>
			)}
			<Pager
				offset={offset}
				pageSize={MEDIA_PAGE_SIZE}
				count={audio.data?.length ?? 0}
				total={audio.total}
				label="Audio files"
				onChange={setOffset}
			/>
			<ConfirmDialog
				open={deleting !== null}
				onOpenChange={(open) => !open && setDeleting(null)}
				title="Delete this audio file?"
				description={
					deleting
						? `${fileName(deleting)} is removed for good. The site stops serving it at once, but browsers and podcast apps that already loaded it may keep playing it for up to ${MEDIA_BROWSER_CACHE_HOURS} hours.`
						: ''
				}
				confirmLabel="Delete"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
		</section>
	);
}
