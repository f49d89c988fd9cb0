/**
 * Newsletter issues: drafts that editors write, and the one step that turns a draft into queued
 * mail for every subscriber. Once sending has started an issue is frozen.
 */
import { articlePath } from '@/lib/public-paths';
import { log } from '@/server/runtime/log';
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import type { NewsletterIssueInput } from '@/lib/validation/newsletter';
import type { SessionUser } from '@/server/auth/session';
import {
	db,
	firstRow,
	runStatement,
	transaction,
	articles,
	newsletterDeliveries as deliveries,
	newsletterIssues as issues,
	users,
	newsletterMembers as members,
} from '@/server/db';
import { timestamp } from '@/server/db/sql';
import { sendMail } from '@/server/mail/transport';
import { renderMarkdown } from '@/server/content/markdown';
import { memberRecipientCondition, recipientCondition } from './recipients';
import { newsletterTestMail } from './delivery';
import { previewIssueMail, type RenderedIssue } from './render';
import { linkClicks } from './links';
import { testUnsubscribeUrl } from './unsubscribe';
import { deliveriesQueued } from './deliveries-queued';
import { publishChange } from '@/server/changes/content-changes';
import { recordPartnerEvent } from '@/server/changes/partner-events';
import { newsletterIssuePath } from '@/lib/archive-links';
import { Conflict, NotFound, UpstreamFailed } from '@/server/errors';
import { renameSlug, savingSlug, slugAfterInsert, slugForNewItem } from '@/server/addresses/slugs';
import { lockedForUpdate } from '@/server/db/sql';

export const ISSUE_NOT_FOUND = 'Newsletter issue not found';
export const ISSUE_NOT_DRAFT = 'This issue has already been sent; it can no longer be changed.';
export const ISSUE_ALREADY_SENT = 'This issue has already been sent.';

export type IssueCounts = {
	/** Everyone the issue was queued for. */
	recipients: number;
	/** Waiting or being handed to the mail server. */
	queued: number;
	sent: number;
	failed: number;
	/** Recipients who unsubscribed, were banned or were deleted before their turn. */
	skipped: number;
	/** Recipients who got it and are unsubscribed now (account or member). */
	unsubscribedSince: number;
};

export type NewsletterIssue = {
	id: number;
	/** Its public address once sent: /newsletter/{slug}. */
	slug: string;
	subject: string;
	content: string;
	status: 'draft' | 'sending' | 'sent';
	createdAt: Date;
	updatedAt: Date;
	sendStartedAt: Date | null;
	sentAt: Date | null;
	/** Set on a scheduled draft: when it will be sent. */
	sendAt: Date | null;
	counts: IssueCounts;
};

function issueColumns() {
	return {
		id: issues.id,
		slug: issues.slug,
		subject: issues.subject,
		content: issues.content,
		status: issues.status,
		createdAt: issues.createdAt,
		updatedAt: issues.updatedAt,
		sendStartedAt: issues.sendStartedAt,
		sentAt: issues.sentAt,
		sendAt: issues.sendAt,
	};
}

const NO_COUNTS: IssueCounts = {
	recipients: 0,
	queued: 0,
	sent: 0,
	failed: 0,
	skipped: 0,
	unsubscribedSince: 0,
};

/** Delivery counts per issue, from the (issue_id, status) index. */
async function countsFor(issueIds: number[]): Promise<Map<number, IssueCounts>> {
	const result = new Map<number, IssueCounts>();
	if (issueIds.length === 0) return result;
	const countWhere = (condition: ReturnType<typeof sql>) =>
		sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
	const rows = await db()
		.select({
			issueId: deliveries.issueId,
			recipients: sql<number>`count(*)`.mapWith(Number),
			queued: countWhere(sql`${deliveries.status} in ('queued', 'sending')`),
			sent: countWhere(sql`${deliveries.status} = 'sent'`),
			failed: countWhere(sql`${deliveries.status} = 'failed'`),
			skipped: countWhere(sql`${deliveries.status} = 'skipped'`),
			unsubscribedSince: countWhere(
				sql`${deliveries.status} = 'sent' and (${eq(users.isNewsletterSubscribed, false)} or ${members.status} = 'unsubscribed')`,
			),
		})
		.from(deliveries)
		.leftJoin(users, eq(users.id, deliveries.userId))
		.leftJoin(members, eq(members.id, deliveries.memberId))
		.where(inArray(deliveries.issueId, issueIds))
		.groupBy(deliveries.issueId);
	// Rows of an issue: the filter leaves out digests' (no issue).
	for (const { issueId, ...counts } of rows) if (issueId !== null) result.set(issueId, counts);
	return result;
}

/** Every issue, newest first, with its delivery counts. */
export async function listIssues(): Promise<NewsletterIssue[]> {
	const rows = await db()
		.select(issueColumns())
		.from(issues)
		.orderBy(desc(issues.createdAt), desc(issues.id));
	const counts = await countsFor(rows.map((row) => row.id));
	return rows.map((row) => ({ ...row, counts: counts.get(row.id) ?? NO_COUNTS }));
}

/** The links of an issue's mail and how often each was clicked (none before it is sent). */
export async function issueLinkClicks(id: number): Promise<Array<{ url: string; clicks: number }>> {
	const row = await firstRow(db().select({ id: issues.id }).from(issues).where(eq(issues.id, id)));
	if (!row) throw new NotFound(ISSUE_NOT_FOUND);
	return linkClicks(id);
}

export async function getIssue(id: number): Promise<NewsletterIssue> {
	const row = await firstRow(db().select(issueColumns()).from(issues).where(eq(issues.id, id)));
	if (!row) throw new NotFound(ISSUE_NOT_FOUND);
	return { ...row, counts: (await countsFor([id])).get(id) ?? NO_COUNTS };
}

export async function createIssue(
	input: NewsletterIssueInput,
	author: SessionUser,
): Promise<NewsletterIssue> {
	const { slug: given, ...fields } = input;
	const id = await savingSlug(() =>
		transaction(async (tx) => {
			const slug = await slugForNewItem(tx, 'newsletter-issue', fields.subject, given);
			const [created] = await tx
				.insert(issues)
				.values({ ...fields, slug, authorId: author.id })
				.returning({ id: issues.id });
			await slugAfterInsert(tx, 'newsletter-issue', created!.id, slug);
			return created!.id;
		}),
	);
	return getIssue(id);
}

/**
 * Changes a draft. A sending or sent issue is what subscribers got, so its subject and content
 * stay as they were (409); its slug may still change, as it is only its address in the archive
 * (the old one moves to the new one, as for every item).
 */
export async function updateIssue(id: number, input: NewsletterIssueInput): Promise<NewsletterIssue> {
	const { slug: given, ...fields } = input;
	const wentOut = await savingSlug(() =>
		transaction(async (tx) => {
			const [current] = await lockedForUpdate(
				tx
					.select({
						status: issues.status,
						slug: issues.slug,
						subject: issues.subject,
						content: issues.content,
					})
					.from(issues)
					.where(eq(issues.id, id)),
			);
			if (!current) throw new NotFound(ISSUE_NOT_FOUND);
			const draft = current.status === 'draft';
			if (!draft && (fields.subject !== current.subject || fields.content !== current.content)) {
				throw new Conflict(ISSUE_NOT_DRAFT);
			}
			const slug = given ?? current.slug;
			await renameSlug(tx, 'newsletter-issue', id, current.slug, slug);
			await tx
				.update(issues)
				.set(draft ? { ...fields, slug, updatedAt: new Date() } : { slug })
				.where(eq(issues.id, id));
			return !draft && slug !== current.slug;
		}),
	);
	// A sent issue's archive page moves to its new address.
	if (wentOut) publishChange({ kind: 'newsletter-issue', id });
	return getIssue(id);
}

/** Deletes a draft; an issue that went out stays as the record of what was sent. */
export async function deleteIssue(id: number): Promise<void> {
	const [deleted] = await db()
		.delete(issues)
		.where(and(eq(issues.id, id), eq(issues.status, 'draft')))
		.returning({ id: issues.id });
	if (!deleted) {
		await getIssue(id);
		throw new Conflict('Only drafts can be deleted; this issue has been sent.');
	}
}

/** How many recipients (accounts and confirmed members) Send would queue right now. */
export async function subscriberCount(): Promise<number> {
	const [accounts] = await db()
		.select({ n: sql<number>`count(*)`.mapWith(Number) })
		.from(users)
		.where(recipientCondition());
	const [emailOnly] = await db()
		.select({ n: sql<number>`count(*)`.mapWith(Number) })
		.from(members)
		.where(memberRecipientCondition());
	return accounts!.n + emailOnly!.n;
}

/**
 * Queues the issue for every current subscriber and marks it sending, in one transaction: a
 * second Send (or two editors at once) finds it no longer a draft and is refused.
 */
export async function sendIssue(id: number, { dueBy }: { dueBy?: Date } = {}): Promise<NewsletterIssue> {
	// An issue that cannot be rendered (saved before nesting was limited) would fail every
	// delivery: it is refused with the renderer's sentence before anything is queued.
	renderMarkdown((await getIssue(id)).content);
	const now = new Date();
	await transaction(async (tx) => {
		// A scheduled start takes the issue only if it is still scheduled for then (not cancelled
		// or moved since it was found due); of several nodes starting it at once, one gets the row.
		const scheduled = dueBy ? lte(issues.sendAt, dueBy) : undefined;
		const [started] = await tx
			.update(issues)
			.set({ status: 'sending', sendStartedAt: now, sendAt: null })
			.where(and(eq(issues.id, id), eq(issues.status, 'draft'), scheduled))
			.returning({ id: issues.id, slug: issues.slug, subject: issues.subject });
		if (!started) {
			await getIssue(id);
			throw new Conflict(ISSUE_ALREADY_SENT);
		}
		// The time as each engine stores it: a timestamptz, or milliseconds in an integer.
		const at = timestamp(now);
		await runStatement(
			sql`insert into ${deliveries} (issue_id, user_id, status, attempts, next_attempt_at)
				select cast(${id} as integer), ${users.id}, 'queued', 0, ${at} from ${users}
				where ${recipientCondition()} order by ${users.id}`,
			tx,
		);
		await runStatement(
			sql`insert into ${deliveries} (issue_id, member_id, status, attempts, next_attempt_at)
				select cast(${id} as integer), ${members.id}, 'queued', 0, ${at} from ${members}
				where ${memberRecipientCondition()} order by ${members.id}`,
			tx,
		);
		// With nobody to send to, the issue is complete at once.
		await tx
			.update(issues)
			.set({ status: 'sent', sentAt: now })
			.where(
				and(
					eq(issues.id, id),
					sql`not exists (select 1 from ${deliveries} where ${deliveries.issueId} = ${id})`,
				),
			);
		await recordPartnerEvent(
			tx,
			{
				type: 'newsletter.sent',
				data: { id, slug: started.slug, subject: started.subject, path: newsletterIssuePath(started.slug) },
			},
			now,
		);
	});
	deliveriesQueued.emit();
	// The issue is public from now on: its archive page is generated, the archive lists it.
	publishChange({ kind: 'newsletter-issue', id });
	return getIssue(id);
}

/** Schedules a draft to be sent at `sendAt` (a later call moves it). */
export async function scheduleIssue(id: number, sendAt: Date): Promise<NewsletterIssue> {
	renderMarkdown((await getIssue(id)).content);
	const [changed] = await db()
		.update(issues)
		.set({ sendAt })
		.where(and(eq(issues.id, id), eq(issues.status, 'draft')))
		.returning({ id: issues.id });
	if (!changed) throw new Conflict(ISSUE_ALREADY_SENT);
	deliveriesQueued.emit();
	return getIssue(id);
}

/** Takes a draft off the schedule (it stays a draft). */
export async function cancelSchedule(id: number): Promise<NewsletterIssue> {
	await getIssue(id);
	const [changed] = await db()
		.update(issues)
		.set({ sendAt: null })
		.where(and(eq(issues.id, id), eq(issues.status, 'draft')))
		.returning({ id: issues.id });
	if (!changed) throw new Conflict(ISSUE_ALREADY_SENT);
	return getIssue(id);
}

/** When the next scheduled draft falls due, if any (the worker sleeps until then). */
export async function nextScheduledAt(): Promise<Date | undefined> {
	const row = await firstRow(
		db()
			.select({ at: min(issues.sendAt) })
			.from(issues)
			.where(and(eq(issues.status, 'draft'), isNotNull(issues.sendAt))),
	);
	return row?.at ?? undefined;
}

/**
 * Starts every scheduled draft whose time has come (never one whose time has not). Run by each
 * node's worker; the conditional update in sendIssue lets exactly one node start each issue.
 * Returns the ids this node started.
 */
export async function startDueIssues(now = new Date()): Promise<number[]> {
	const due = await db()
		.select({ id: issues.id })
		.from(issues)
		.where(and(eq(issues.status, 'draft'), lte(issues.sendAt, now)))
		.orderBy(asc(issues.sendAt));
	const started: number[] = [];
	for (const { id } of due) {
		try {
			await sendIssue(id, { dueBy: now });
			started.push(id);
		} catch (error) {
			// Another node started it, or it was cancelled meanwhile.
			if (!(error instanceof Conflict) && !(error instanceof NotFound)) throw error;
		}
	}
	return started;
}

export const TEST_NEEDS_VERIFIED_EMAIL =
	'Test mails go only to a verified address. Please verify your email from your profile first.';

/**
 * Sends the issue (draft or not) to the editor alone, straight away, marked as a test; like
 * every newsletter mail, only to a verified address.
 */
export async function sendTestMail(id: number, editor: SessionUser): Promise<{ message: string }> {
	const issue = await firstRow(db().select().from(issues).where(eq(issues.id, id)));
	if (!issue) throw new NotFound(ISSUE_NOT_FOUND);
	if (!editor.emailVerified) throw new Conflict(TEST_NEEDS_VERIFIED_EMAIL);
	const mail = await newsletterTestMail(issue, editor.email);
	try {
		await sendMail(mail);
	} catch (error) {
		log().error({ err: error, subject: 'newsletter' }, 'test send failed');
		throw new UpstreamFailed('The mail server refused the test mail. Please try again later.');
	}
	return { message: `Test mail sent to ${editor.email}.` };
}

/**
 * The mail subscribers would get for a subject and content (saved or not). Its unsubscribe link
 * is the test mails', which changes nothing.
 */
export async function previewMail(input: NewsletterIssueInput): Promise<RenderedIssue> {
	return previewIssueMail(input.subject, input.content, testUnsubscribeUrl());
}

export type StarterDraft = { subject: string; content: string; since: Date; articleCount: number };

/**
 * A starting point for the next issue: the articles published since the last issue went out
 * (or in the past week before the first one), newest first, as a markdown list.
 */
export async function draftFromRecentArticles(now = new Date()): Promise<StarterDraft> {
	const last = await firstRow(
		db()
			.select({ at: issues.sendStartedAt })
			.from(issues)
			.where(sql`${issues.sendStartedAt} is not null`)
			.orderBy(desc(issues.sendStartedAt))
			.limit(1),
	);
	const since = last?.at ?? new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
	const recent = await db()
		.select({ slug: articles.slug, kind: articles.kind, title: articles.title, excerpt: articles.excerpt })
		.from(articles)
		.where(and(eq(articles.isPublished, true), gt(articles.createdAt, since)))
		.orderBy(desc(articles.createdAt), desc(articles.id))
		.limit(50);
	const sections = recent.map(
		(article) =>
			`### [${escapeMarkdown(article.title)}](${articlePath(article.kind, article.slug)})\n\n${escapeMarkdown(article.excerpt)}`,
	);
	const date = now.toLocaleDateString('en-US', {
		month: 'long',
		day: 'numeric',
		year: 'numeric',
		timeZone: 'UTC',
	});
	const content =
		sections.length > 0
			? `This week on Retail Media Hub:\n\n${sections.join('\n\n')}\n`
			: 'No new articles were published since the last issue.\n';
	return {
		subject: `Retail Media Hub weekly briefing: ${date}`,
		content,
		since,
		articleCount: recent.length,
	};
}

/** Keeps an article title from being read as markdown syntax (links, emphasis, HTML). */
function escapeMarkdown(text: string): string {
	return text.replace(/([\\`*_{}[\]()<>#+!|~])/g, '\\$1');
}
