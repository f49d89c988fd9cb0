/**
 * Arrangements for the newsletter tests: accounts written straight into a database, and the
 * headers and parts of a captured newsletter mail.
 */
import { schemaOf, type AppDatabase } from '@/server/db';
import type { CapturedMail } from './smtp';

let counter = 0;

export type AccountOptions = {
	subscribed?: boolean;
	banned?: boolean;
	role?: 'user' | 'editor';
	/** Verified unless told otherwise: only verified addresses receive newsletters. */
	verified?: boolean;
};

/** Inserts an account (no usable password) and returns its id and address. */
export async function insertAccount(database: AppDatabase, options: AccountOptions = {}) {
	counter += 1;
	const tag = `${process.pid}n${counter}`;
	const { users } = schemaOf(database);
	const [row] = await database
		.insert(users)
		.values({
			username: `reader_${tag}`,
			email: `reader${tag}@example.com`,
			passwordHash: 'not-a-hash',
			role: options.role ?? 'user',
			isBanned: options.banned ?? false,
			isNewsletterSubscribed: options.subscribed ?? true,
			emailVerified: options.verified ?? true,
		})
		.returning({ id: users.id, email: users.email });
	return row!;
}

/** The header block of a raw message, folded lines joined, as name (lower case) to value. */
export function mailHeaders(raw: string): Map<string, string> {
	const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
	const headers = new Map<string, string>();
	for (const line of head.split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
	}
	return headers;
}

/** The http(s) address in the List-Unsubscribe header. */
export function listUnsubscribeUrl(mail: CapturedMail): string {
	const value = mailHeaders(mail.raw).get('list-unsubscribe') ?? '';
	const match = value.match(/<(https?:\/\/[^>]+)>/);
	if (!match) throw new Error(`No http(s) List-Unsubscribe in: ${value}`);
	return match[1]!;
}

/** How many captured mails went to each address. */
export function mailsPerAddress(mails: CapturedMail[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const mail of mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
	return counts;
}

function decodeBody(head: string, body: string): string {
	if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
		return Buffer.from(
			body
				.replace(/=\r?\n/g, '')
				.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
			'latin1',
		).toString('utf8');
	}
	if (/content-transfer-encoding:\s*base64/i.test(head)) {
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	}
	return body;
}

/** One part of a captured mail (its text or its HTML), decoded; a single-part mail is its body. */
export function mailPart(mail: CapturedMail, type: 'text/plain' | 'text/html'): string {
	const split = mail.raw.indexOf('\r\n\r\n');
	const head = mail.raw.slice(0, split);
	const boundary = mailHeaders(mail.raw)
		.get('content-type')
		?.match(/boundary="?([^";]+)"?/)?.[1];
	if (!boundary) {
		if (type !== 'text/plain') throw new Error('The mail has only one part');
		return decodeBody(head, mail.raw.slice(split + 4));
	}
	for (const part of mail.raw.split(`--${boundary}`)) {
		const end = part.indexOf('\r\n\r\n');
		if (end < 0) continue;
		const partHead = part.slice(0, end);
		if (new RegExp(`content-type:\\s*${type}`, 'i').test(partHead)) {
			return decodeBody(partHead, part.slice(end + 4).replace(/\r\n$/, ''));
		}
	}
	throw new Error(`The mail has no ${type} part`);
}
