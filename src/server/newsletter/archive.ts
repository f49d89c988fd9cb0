/**
 * The public archive of the newsletter: every issue whose sending has started, newest first,
 * and each one as a web page. Drafts (and issues waiting for their scheduled time) have not gone
 * out, so they are neither listed nor shown.
 */
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { ARCHIVE_PAGE_SIZE, archivePageCount } from '@/lib/archive-links';
import { db, firstRow, newsletterIssues as issues } from '@/server/db';
import { renderMarkdown } from '@/server/content/markdown';

export type SentIssueSummary = { id: number; slug: string; subject: string; sentAt: Date };
export type SentIssue = SentIssueSummary & { html: string; updatedAt: Date };
export type NewsletterArchivePage = {
	issues: SentIssueSummary[];
	page: number;
	pageCount: number;
	total: number;
};

/** Issues that went out: sending started (completed or not). */
function wentOut() {
	return isNotNull(issues.sendStartedAt);
}

export async function sentIssueCount(): Promise<number> {
	const [row] = await db().select({ n: count() }).from(issues).where(wentOut());
	return Number(row!.n);
}

/** One page of the archive, or undefined past the last (an empty archive still has page 1). */
export async function readNewsletterArchivePage(page: number): Promise<NewsletterArchivePage | undefined> {
	const total = await sentIssueCount();
	const pageCount = archivePageCount(total);
	if (page < 1 || page > pageCount) return undefined;
	const rows = await db()
		.select({ id: issues.id, slug: issues.slug, subject: issues.subject, sentAt: issues.sendStartedAt })
		.from(issues)
		.where(wentOut())
		.orderBy(desc(issues.sendStartedAt), desc(issues.id))
		.limit(ARCHIVE_PAGE_SIZE)
		.offset((page - 1) * ARCHIVE_PAGE_SIZE);
	return { issues: rows.map((row) => ({ ...row, sentAt: row.sentAt! })), page, pageCount, total };
}

/** A sent issue with its content as the site renders markdown; undefined for a draft or none. */
export async function readSentIssue(id: number): Promise<SentIssue | undefined> {
	const row = await firstRow(
		db()
			.select({
				id: issues.id,
				slug: issues.slug,
				subject: issues.subject,
				content: issues.content,
				sentAt: issues.sendStartedAt,
				updatedAt: issues.updatedAt,
			})
			.from(issues)
			.where(and(eq(issues.id, id), wentOut())),
	);
	if (!row) return undefined;
	return {
		id: row.id,
		slug: row.slug,
		subject: row.subject,
		sentAt: row.sentAt!,
		updatedAt: row.updatedAt,
		html: renderMarkdown(row.content),
	};
}

/** Every sent issue's id, slug and date, newest first (the generator and the sitemap). */
export async function sentIssueDates(): Promise<{ id: number; slug: string; sentAt: Date }[]> {
	const rows = await db()
		.select({ id: issues.id, slug: issues.slug, sentAt: issues.sendStartedAt })
		.from(issues)
		.where(wentOut())
		.orderBy(desc(issues.sendStartedAt), desc(issues.id));
	return rows.map((row) => ({ id: row.id, slug: row.slug, sentAt: row.sentAt! }));
}
