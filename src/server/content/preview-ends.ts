/**
 * Preview links end when their item is published (issue 42, F-11): a link shared for a draft
 * must not show what is written after, even if the item is unpublished again. The saves and the
 * scheduler that publish call this in their own transaction. Only the table, so the content
 * services can call it without importing previews.ts (which reads them).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PreviewSubject } from '@/lib/column-values';
import { previewLinks, type Reader } from '@/server/db';

/** Deletes every preview link of the items (the ones just published). */
export async function endPreviewLinks(tx: Reader, type: PreviewSubject, ids: number[]): Promise<void> {
	if (ids.length === 0) return;
	await tx
		.delete(previewLinks)
		.where(and(eq(previewLinks.subjectType, type), inArray(previewLinks.subjectId, ids)));
}
