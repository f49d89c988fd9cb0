/**
 * One recipient's mail: who it goes to is decided again at send time (an account may have
 * unsubscribed, been banned or been deleted since the issue was queued), then the mail is
 * handed to the transport and the outcome recorded. A 5xx answer is final; anything else
 * (4xx, a dropped connection, a timeout) is tried again later with a growing wait.
 */
import { and, eq } from 'drizzle-orm';
import { config } from '@/server/runtime/config';
import { db, firstRow, newsletterIssues as issues, users, newsletterMembers as members } from '@/server/db';
import { sendMail, type Mail } from '@/server/mail/transport';
import { createMemberUnsubscribeToken } from './members';
import { suppressAddress } from './suppressions';
import { memberRecipientCondition, recipientCondition } from './recipients';
import { renderIssueMail, type IssueForMail } from './render';
import { settleDelivery, type ClaimedDelivery } from './queue';
import { digestMail, type PreparedMail } from './digests';
import {
	createUnsubscribeToken,
	oneClickUnsubscribeUrl,
	testUnsubscribeUrl,
	unsubscribePageUrl,
} from './unsubscribe';

/** The longest wait between two tries of one mail. */
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Who a queued row is for: an account or an email-only member. */
export type Recipient = { userId: number; email: string } | { memberId: number; email: string };

/**
 * The issue's mail for one recipient, with its own unsubscribe link and the RFC 8058 headers
 * (the same for accounts and members; the token says which it is).
 */
export async function newsletterMail(issue: IssueForMail, recipient: Recipient): Promise<Mail> {
	const { email } = recipient;
	const token =
		'userId' in recipient
			? await createUnsubscribeToken(recipient.userId, email)
			: await createMemberUnsubscribeToken(recipient.memberId);
	const rendered = await renderIssueMail(issue, unsubscribePageUrl(token));
	return {
		to: email,
		subject: rendered.subject,
		text: rendered.text,
		html: rendered.html,
		replyTo: config().newsletter.replyTo,
		headers: {
			'List-Unsubscribe': `<${oneClickUnsubscribeUrl(token)}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		},
	};
}

/**
 * The issue as a test for an editor: marked in its subject and above its content, and its
 * unsubscribe link (the page's, no List-Unsubscribe header) leads to a page that changes nothing,
 * so trying the link never switches the editor's own newsletter off.
 */
export async function newsletterTestMail(issue: IssueForMail, email: string): Promise<Mail> {
	const rendered = await renderIssueMail(issue, testUnsubscribeUrl(), 'test');
	return {
		to: email,
		subject: rendered.subject,
		text: rendered.text,
		html: rendered.html,
		replyTo: config().newsletter.replyTo,
	};
}

/** The SMTP reply code of a transport error, when the server gave one. */
function smtpCode(error: unknown): number | undefined {
	const code = (error as { responseCode?: unknown })?.responseCode;
	return typeof code === 'number' ? code : undefined;
}

function describe(error: unknown): string {
	const message =
		(error as { response?: string; message?: string })?.response ??
		String((error as Error)?.message ?? error);
	return message.slice(0, 500);
}

/** Wait before the next try: the base, doubled for each try already made, capped. */
export function retryDelayMs(attempts: number, baseMs: number): number {
	return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** What became of a row: its outcome, and whether it was the issue's last. */
export type Delivered = { status: 'sent' | 'skipped' | 'failed' | 'queued' | 'gone'; completed: boolean };

/** The row's recipient if it still is one (asked again now), else undefined. */
async function currentRecipient(row: ClaimedDelivery): Promise<Recipient | undefined> {
	if (row.userId !== null) {
		const account = await firstRow(
			db()
				.select({ email: users.email })
				.from(users)
				.where(and(eq(users.id, row.userId), recipientCondition())),
		);
		return account && { userId: row.userId, email: account.email };
	}
	if (row.memberId !== null) {
		const member = await firstRow(
			db()
				.select({ email: members.email })
				.from(members)
				.where(and(eq(members.id, row.memberId), memberRecipientCondition())),
		);
		return member && { memberId: row.memberId, email: member.email };
	}
	return undefined;
}

/** An issue's mail for the row's recipient as they are now, or why it is skipped. */
async function issueMail(row: ClaimedDelivery, issueId: number): Promise<PreparedMail> {
	const recipient = await currentRecipient(row);
	if (!recipient) return { skip: 'No longer a subscriber (unsubscribed, suppressed, banned or deleted).' };
	const issue = await firstRow(db().select().from(issues).where(eq(issues.id, issueId)));
	if (!issue) return 'gone'; // deleted with its rows
	return { email: recipient.email, mail: await newsletterMail(issue, recipient) };
}

/** Sends one claimed row (an issue's or a platform digest's) and records the outcome. Never throws for a mail problem. */
export async function deliver(row: ClaimedDelivery): Promise<Delivered> {
	const settings = config().newsletter;
	const prepared = row.issueId !== null ? await issueMail(row, row.issueId) : await digestMail(row);
	if (prepared === 'gone') return { status: 'gone', completed: false };
	if ('skip' in prepared) {
		const completed = await settleDelivery(row, { status: 'skipped', reason: prepared.skip });
		return { status: 'skipped', completed };
	}
	const recipient = prepared;
	try {
		await sendMail(prepared.mail);
	} catch (error) {
		const code = smtpCode(error);
		if (code !== undefined && code >= 500) {
			// Permanent: no later issue is queued for the address or sent to it until lifted.
			await suppressAddress(recipient.email, describe(error));
			return {
				status: 'failed',
				completed: await settleDelivery(row, { status: 'failed', error: describe(error) }),
			};
		}
		if (row.attempts >= settings.maxAttempts) {
			const completed = await settleDelivery(row, {
				status: 'failed',
				error: `Gave up after ${row.attempts} tries: ${describe(error)}`,
			});
			return { status: 'failed', completed };
		}
		const retryAt = new Date(Date.now() + retryDelayMs(row.attempts, settings.retryBaseMs));
		await settleDelivery(row, { status: 'queued', error: describe(error), retryAt });
		return { status: 'queued', completed: false };
	}
	return {
		status: 'sent',
		completed: await settleDelivery(row, { status: 'sent', sentTo: recipient.email }),
	};
}
