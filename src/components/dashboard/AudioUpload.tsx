/**
 * "Upload audio" beside the episode form's Audio URL: the chosen file goes to the media store
 * (POST /api/admin/media/audio) and its address, size, type and the duration read from it fill
 * the form. A URL typed by hand keeps working.
 */
import { useId, useState } from 'react';
import { failureText } from '@/lib/api-client';
import { ACCEPTED_AUDIO_TYPES } from '@/lib/validation/media';
import { FormMessage } from '@/components/ui/FormMessage';
import type { AdminAudio } from './api-types';
import { uploadAudio } from './media-upload';

export function AudioUpload({ onUploaded }: { onUploaded: (audio: AdminAudio) => void }) {
	const id = useId();
	const [progress, setProgress] = useState<number | null>(null);
	const [message, setMessage] = useState<string | null>(null);
	const [error, setError] = useState<string | null>(null);

	async function upload(file: File) {
		setError(null);
		setMessage(null);
		setProgress(0);
		try {
			const audio = await uploadAudio(file, setProgress);
			onUploaded(audio);
			setMessage(`Uploaded ${file.name} (${formatSeconds(audio.durationSeconds)}).`);
		} catch (failure) {
			setError(failureText(failure, 'The upload failed.'));
		} finally {
			setProgress(null);
		}
	}

	return (
		<div className="grid gap-1.5">
			<label htmlFor={id} className="text-sm font-medium text-ink">
				Or upload an audio file (MP3 or M4A)
			</label>
			<input
				id={id}
				type="file"
				accept={ACCEPTED_AUDIO_TYPES.join(',')}
				disabled={progress !== null}
				aria-describedby={error ? `${id}-error` : undefined}
				className="text-sm"
				onChange={(event) => {
					const file = event.target.files?.[0];
					event.target.value = '';
					if (file) void upload(file);
				}}
			/>
			<p role="status" className="text-xs text-muted">
				{progress !== null ? `Uploading… ${Math.round(progress * 100)}%` : message}
			</p>
			<FormMessage id={`${id}-error`}>{error}</FormMessage>
		</div>
	);
}

/** 1:05:09 or 4:07, as a player shows a length. */
export function formatSeconds(total: number): string {
	const seconds = Math.round(total);
	const pad = (n: number) => String(n).padStart(2, '0');
	const h = Math.floor(seconds / 3600);
	const m = Math.floor((seconds % 3600) / 60);
	return h > 0 ? `${h}:${pad(m)}:${pad(seconds % 60)}` : `${m}:${pad(seconds % 60)}`;
}
