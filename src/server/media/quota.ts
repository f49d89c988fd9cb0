/**
 * Each editor's media storage quota (MEDIA_QUOTA_BYTES): the bytes of their image and audio
 * uploads, as received, added up from the rows (issue 42, I-4). An upload that would pass it is
 * refused (413). Routes check it before the body with the size declared, the services again
 * with the size received. Two uploads racing may each pass alone; the next one is refused.
 */
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@/lib/session-user';
import { db, firstRow, mediaAudio, mediaItems } from '@/server/db';
import { TooLarge } from '@/server/errors';
import { config } from '@/server/runtime/config';

const MB = 1024 * 1024;

/** "2 GB", "512 MB": quotas are set in whole megabytes or more in practice. */
function size(bytes: number): string {
	return bytes >= 1024 * MB
		? `${Math.round((bytes / 1024 / MB) * 10) / 10} GB`
		: `${Math.round(bytes / MB)} MB`;
}

export function quotaExceeded(quota: number): string {
	return `This upload would pass your media storage quota of ${size(quota)}: delete images or audio you no longer use in the Media tab first.`;
}

/** The bytes the editor's uploads hold now. */
export async function storedBytesOf(editorId: number): Promise<number> {
	const [images, audio] = await Promise.all([
		firstRow(
			db()
				.select({ bytes: sql<number>`coalesce(sum(${mediaItems.bytes}), 0)`.mapWith(Number) })
				.from(mediaItems)
				.where(eq(mediaItems.uploadedBy, editorId)),
		),
		firstRow(
			db()
				.select({ bytes: sql<number>`coalesce(sum(${mediaAudio.bytes}), 0)`.mapWith(Number) })
				.from(mediaAudio)
				.where(eq(mediaAudio.uploadedBy, editorId)),
		),
	]);
	return (images?.bytes ?? 0) + (audio?.bytes ?? 0);
}

/** Refuses (TooLarge) an upload of `bytes` that would take the editor past the quota. */
export async function assertWithinQuota(editor: SessionUser, bytes: number): Promise<void> {
	const quota = config().mediaQuotaBytes;
	if ((await storedBytesOf(editor.id)) + bytes > quota) throw new TooLarge(quotaExceeded(quota), 'file');
}

/**
 * The size a raw upload body declares (Content-Length), for the check before it is read; 1
 * (any file) when it declares none. A form declares a little more than its file, so the image
 * route checks 1 before its body.
 */
export function declaredUploadBytes(request: Request): number {
	const declared = Number(request.headers.get('content-length'));
	return Number.isSafeInteger(declared) && declared > 0 ? declared : 1;
}
