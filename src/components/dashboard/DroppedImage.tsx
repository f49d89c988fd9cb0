/**
 * An image file dropped onto a markdown editor: asks for its alt text, uploads it to the media
 * library (the same upload as the Media tab) and hands back the `![alt](url)` to insert where it
 * was dropped.
 */
import { useState, type SubmitEvent } from 'react';
import { failureText } from '@/lib/api-client';
import { mediaAltSchema } from '@/lib/validation/media';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { controlProps, Field } from './Field';
import { imageMarkdown, uploadImage } from './media-upload';

/** The first image among dropped files, or null (text or other files are left to the browser). */
export function droppedImage(files: FileList | null | undefined): File | null {
	return [...(files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;
}

export function DroppedImageDialog({
	file,
	onClose,
	onInsert,
}: {
	/** The dropped image; null: closed. */
	file: File | null;
	onClose: () => void;
	onInsert: (markdown: string) => void;
}) {
	const [alt, setAlt] = useState('');
	const [error, setError] = useState<string | undefined>();
	const [progress, setProgress] = useState<number | null>(null);

	function close() {
		if (progress !== null) return;
		setAlt('');
		setError(undefined);
		onClose();
	}

	async function onSubmit(event: SubmitEvent) {
		event.preventDefault();
		// Portaled, but React still bubbles the submit to the editor's own form: keep it here.
		event.stopPropagation();
		if (!file) return;
		const checked = mediaAltSchema.safeParse(alt);
		if (!checked.success) {
			setError(checked.error.issues[0]?.message);
			return;
		}
		setError(undefined);
		setProgress(0);
		try {
			const item = await uploadImage(file, checked.data, setProgress);
			// The alt text written here describes the image in this place, even for the library's earlier copy.
			onInsert(imageMarkdown({ url: item.url, alt: checked.data }));
			setAlt('');
			setProgress(null);
			onClose();
		} catch (reason) {
			setProgress(null);
			setError(failureText(reason, 'The image could not be uploaded.'));
		}
	}

	return (
		<Dialog open={file !== null} onOpenChange={(open) => !open && close()}>
			<DialogContent
				title="Describe the dropped image"
				description={
					file ? `${file.name} goes to the media library, then into the text where you dropped it.` : ''
				}
				size="lg"
			>
				<form onSubmit={onSubmit} noValidate className="grid gap-4">
					<Field
						id="dropped-image-alt"
						label="Alt text"
						required
						error={error}
						hint="What the image shows, for readers who cannot see it."
					>
						<Input
							{...controlProps('dropped-image-alt', error)}
							value={alt}
							onChange={(event) => setAlt(event.target.value)}
							maxLength={250}
							autoFocus
						/>
					</Field>
					{progress !== null && (
						<p role="status" className="text-sm text-muted">
							Uploading… {Math.round(progress * 100)}%
						</p>
					)}
					<DialogFooter>
						<Button type="button" variant="outline" onClick={close} disabled={progress !== null}>
							Cancel
						</Button>
						<Button type="submit" loading={progress !== null}>
							Upload and insert
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}
