/**
 * Uploads an image to the media library with progress. fetch() cannot report how much of a
 * request body has gone out, so this one call uses XMLHttpRequest; its failures are the same
 * ApiError as the rest of the islands' calls.
 */
import { ApiError, INVALID_FIELD_HEADER } from '@/lib/api-client';
import type { AdminAudio, AdminMedia, AdminUploadedMedia } from './api-types';

/** The share of the file sent so far, 0 to 1. */
export type UploadProgress = (sent: number) => void;

/** POSTs a body with progress; answers a 2xx's JSON, or rejects with the server's ApiError. */
function postWithProgress<T>(
	path: string,
	body: XMLHttpRequestBodyInit,
	onProgress: UploadProgress,
): Promise<T> {
	return new Promise((resolve, reject) => {
		const request = new XMLHttpRequest();
		request.open('POST', path);
		request.withCredentials = true;
		request.upload.onprogress = (event) => {
			if (event.lengthComputable) onProgress(event.loaded / event.total);
		};
		request.onload = () => {
			const text = request.responseText;
			if (request.status >= 200 && request.status < 300) {
				resolve(JSON.parse(text) as T);
				return;
			}
			let message = text || request.statusText;
			try {
				const parsed = JSON.parse(text) as { message?: unknown };
				if (typeof parsed.message === 'string') message = parsed.message;
			} catch {
				// not JSON: the raw text stands
			}
			const field = request.getResponseHeader(INVALID_FIELD_HEADER) ?? undefined;
			reject(new ApiError(request.status, `${request.status}: ${message}`, message, field));
		};
		request.onerror = () => reject(new ApiError(0, 'The upload did not reach the server.', ''));
		request.send(body);
	});
}

/** An image for the library; the same image sent again answers the library's copy (alreadyInLibrary). */
export function uploadImage(
	file: File,
	alt: string,
	onProgress: UploadProgress,
): Promise<AdminUploadedMedia> {
	const form = new FormData();
	form.set('file', file);
	form.set('alt', alt);
	return postWithProgress('/api/admin/media', form, onProgress);
}

/** An episode's audio file, sent as its bytes alone; the answer has what the form fills in. */
export function uploadAudio(file: File, onProgress: UploadProgress): Promise<AdminAudio> {
	return postWithProgress('/api/admin/media/audio', file, onProgress);
}

/** The smallest WebP of an image, for thumbnails (the fallback when it has none). */
export function thumbnailOf(item: AdminMedia): { url: string; width: number; height: number } {
	const webp = item.variants.find((variant) => variant.format === 'webp');
	return webp ?? { url: item.url, width: item.width, height: item.height };
}

/** The markdown that shows an image: `![alt](url)`, brackets in the alt text escaped. */
export function imageMarkdown(item: Pick<AdminMedia, 'alt' | 'url'>): string {
	return `![${item.alt.replace(/([[\]\\])/g, '\\$1')}](${item.url})`;
}
