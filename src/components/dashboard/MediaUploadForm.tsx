/**
 * Uploads an image to the media library (picker or drag and drop, with progress, alt text
 * required): the Media tab's form, and the image pickers' too, so an editor can add an image
 * where they need it.
 */
import { useRef, useState, type DragEvent, type SubmitEvent } from 'react';
import { cn } from '@/lib/class-names';
import { ACCEPTED_IMAGE_TYPES, MAX_ALT_LENGTH } from '@/lib/validation/media';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { failureText } from '@/lib/api-client';
import type { AdminUploadedMedia } from './api-types';
import { uploadImage } from './media-upload';

export function MediaUploadForm({
	onUploaded,
	idPrefix = 'media',
	className,
}: {
	/** The library's image: the new one, or its copy when the same file was sent before. */
	onUploaded: (item: AdminUploadedMedia) => void;
	/** The fields' ids start with it (the form shows in the Media tab and in pickers). */
	idPrefix?: string;
	className?: string;
}) {
	const [file, setFile] = useState<File | null>(null);
	const [alt, setAlt] = useState('');
	const [progress, setProgress] = useState<number | null>(null);
	const [dragging, setDragging] = useState(false);
	const [error, setError] = useState('');
	const picker = useRef<HTMLInputElement>(null);

	function onDrop(event: DragEvent) {
		event.preventDefault();
		setDragging(false);
		const dropped = event.dataTransfer.files[0];
		if (dropped) setFile(dropped);
	}

	async function onSubmit(event: SubmitEvent) {
		event.preventDefault();
		// In a picker's dialog the form sits, for React, inside the editor's form: its submit stops here.
		event.stopPropagation();
		if (!file) {
			setError('Choose an image file to upload.');
			return;
		}
		if (!alt.trim()) {
			setError('Alt text is required: describe the image for readers who cannot see it.');
			return;
		}
		setError('');
		setProgress(0);
		try {
			const item = await uploadImage(file, alt.trim(), setProgress);
			toast(
				item.alreadyInLibrary
					? {
							title: 'Already in the library',
							description: `This image was uploaded before as “${item.alt}”; the library keeps one copy.`,
						}
					: { title: 'Image uploaded', description: alt.trim() },
			);
			setFile(null);
			setAlt('');
			if (picker.current) picker.current.value = '';
			onUploaded(item);
		} catch (reason) {
			setError(failureText(reason, 'The image could not be uploaded.'));
		} finally {
			setProgress(null);
		}
	}

	return (
		<form
			onSubmit={onSubmit}
			className={cn('grid gap-3 rounded-lg border border-border bg-surface p-4', className)}
			noValidate
		>
			{/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the file input inside is the way for keyboards and screen readers */}
			<div
				data-testid={`${idPrefix}-drop-zone`}
				onDragOver={(event) => {
					event.preventDefault();
					setDragging(true);
				}}
				onDragLeave={() => setDragging(false)}
				onDrop={onDrop}
				className={cn(
					'grid gap-2 rounded-md border-2 border-dashed p-4 text-center',
					dragging ? 'border-brand-600 bg-brand-50' : 'border-border',
				)}
			>
				<Label htmlFor={`${idPrefix}-file`}>Image (JPEG, PNG, WebP, AVIF or GIF, up to 10 MB)</Label>
				<input
					ref={picker}
					id={`${idPrefix}-file`}
					type="file"
					accept={ACCEPTED_IMAGE_TYPES.join(',')}
					onChange={(event) => setFile(event.target.files?.[0] ?? null)}
					className="mx-auto max-w-full text-sm"
				/>
				<p className="text-sm text-muted">{file ? `Chosen: ${file.name}` : 'or drop an image here'}</p>
			</div>
			<div className="grid gap-1.5">
				<Label htmlFor={`${idPrefix}-alt`}>Alt text of the new image</Label>
				<Input
					id={`${idPrefix}-alt`}
					value={alt}
					maxLength={MAX_ALT_LENGTH}
					onChange={(event) => setAlt(event.target.value)}
					placeholder="What the image shows, for readers who cannot see it"
					aria-describedby={error ? `${idPrefix}-upload-error` : undefined}
				/>
			</div>
			{error && (
				<p id={`${idPrefix}-upload-error`} role="alert" className="text-sm text-red-800">
					{error}
				</p>
			)}
			<div className="flex flex-wrap items-center gap-3">
				<Button type="submit" disabled={progress !== null}>
					{progress !== null ? 'Uploading...' : 'Upload'}
				</Button>
				{progress !== null && (
					<progress
						value={Math.round(progress * 100)}
						max={100}
						aria-label="Upload progress"
						className="h-2 w-48 max-w-full"
					/>
				)}
			</div>
		</form>
	);
}
