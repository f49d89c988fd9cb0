/**
 * The editors' view of who the newsletter reaches: accounts (subscribed, or mailed an issue
 * before; a platform follower's digest mail does not count) and email-only members, each with one status: confirmed (gets issues), pending (the
 * address is not yet proved: an unverified account, an unconfirmed member), unsubscribed, or
 * suppressed (a mail server refused it for good). Searched by address, counted, exported as CSV.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { containsText } from '@/server/db/sql';
import {
	db,
	users,
	newsletterMembers as members,
	newsletterSuppressions as suppressions,
	newsletterDeliveries as deliveries,
} from '@/server/db';

export const SUBSCRIBER_STATUSES = ['confirmed', 'pending', 'unsubscribed', 'suppressed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type Subscriber = { kind: 'account' | 'member'; email: string; status: SubscriberStatus; since: Date };
export type SubscriberCounts = Record<SubscriberStatus, number>;
export type SubscriberList = { subscribers: Subscriber[]; counts: SubscriberCounts; total: number };

/** Rows listed at most (search narrows it); the CSV export has every row. */
export const LISTED_SUBSCRIBERS = 200;

async function everyone(search: string | undefined): Promise<Subscriber[]> {
	const matches = (column: typeof users.email | typeof members.email): SQL | undefined =>
		search ? containsText(column, search) : undefined;
	const suppressed = new Set(
		(await db().select({ email: suppressions.email }).from(suppressions)).map((row) => row.email),
	);
	const accounts = await db()
		.select({
			email: users.email,
			subscribed: users.isNewsletterSubscribed,
			verified: users.emailVerified,
			banned: users.isBanned,
			since: users.createdAt,
		})
		.from(users)
		.where(
			and(
				or(
					eq(users.isNewsletterSubscribed, true),
					// Mailed an issue: a platform digest travels through the same queue (digest_id
					// instead of issue_id), but following a platform is not subscribing.
					sql`exists (select 1 from ${deliveries} where ${deliveries.userId} = ${users.id} and ${deliveries.issueId} is not null)`,
				),
				matches(users.email),
			),
		);
	const emailOnly = await db()
		.select({
			email: members.email,
			status: members.status,
			createdAt: members.createdAt,
			confirmedAt: members.confirmedAt,
			unsubscribedAt: members.unsubscribedAt,
		})
		.from(members)
		.where(matches(members.email));
	const rows: Subscriber[] = [
		...accounts.map(
			(account): Subscriber => ({
				kind: 'account',
				email: account.email,
				since: account.since,
				status: suppressed.has(account.email)
					? 'suppressed'
					: !account.subscribed || account.banned
						? 'unsubscribed'
						: account.verified
							? 'confirmed'
							: 'pending',
			}),
		),
		...emailOnly.map(
			(member): Subscriber => ({
				kind: 'member',
				email: member.email,
				since: member.unsubscribedAt ?? member.confirmedAt ?? member.createdAt,
				status: suppressed.has(member.email) ? 'suppressed' : member.status,
			}),
		),
	];
	return rows.sort((a, b) => a.email.localeCompare(b.email));
}

/** The view: counts by status (of the search's rows), and the first rows of the status asked. */
export async function listSubscribers(query: {
	q?: string;
	status?: SubscriberStatus;
}): Promise<SubscriberList> {
	const rows = await everyone(query.q);
	const counts: SubscriberCounts = { confirmed: 0, pending: 0, unsubscribed: 0, suppressed: 0 };
	for (const row of rows) counts[row.status] += 1;
	const shown = query.status ? rows.filter((row) => row.status === query.status) : rows;
	return { subscribers: shown.slice(0, LISTED_SUBSCRIBERS), counts, total: shown.length };
}

function csvField(value: string): string {
	// A leading =, +, - or @ would be read as a formula by spreadsheets.
	const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
	return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every row of the search (and status), as CSV: email, kind, status, since. */
export async function subscribersCsv(query: { q?: string; status?: SubscriberStatus }): Promise<string> {
	const rows = (await everyone(query.q)).filter((row) => !query.status || row.status === query.status);
	const lines = [
		'email,kind,status,since',
		...rows.map((row) => [row.email, row.kind, row.status, row.since.toISOString()].map(csvField).join(',')),
	];
	return `${lines.join('\r\n')}\r\n`;
}
