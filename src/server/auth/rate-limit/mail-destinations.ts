/**
 * The budget of mails a stranger can have the site send to one mailbox (sign-up verification,
 * resends, email-change links and notices, password resets, newsletter confirmations), counted
 * by destination rather than by requester, so throw-away accounts and address variants add up.
 */
import { log } from '@/server/runtime/log';
import { limits } from './limits';

/** Mail providers known to deliver googlemail.com to the same mailbox as gmail.com. */
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address most likely reaches: lower case, without a +tag, and without dots in
 * the local part on every domain. Gmail ignores dots and many providers ignore +tags; merging two
 * real mailboxes that differ only by a dot costs them nothing but a shared budget, while keeping
 * them apart lets anyone multiply the budget. Used only as this limit's key, never to send.
 */
export function mailDestinationKey(email: string): string {
	const address = email.trim().toLowerCase();
	const at = address.lastIndexOf('@');
	if (at < 0) return address;
	const domain = address.slice(at + 1);
	const local = address.slice(0, at).split('+')[0]!.replaceAll('.', '');
	return `${local}@${DOMAIN_ALIASES[domain] ?? domain}`;
}

/**
 * Counts one mail to `email`: 0 when it may be sent, else the seconds until the mailbox's budget
 * is back. A refusal is logged, since the anonymous flows drop the mail without a word.
 */
export async function takeMailTo(email: string): Promise<number> {
	const wait = await limits.mailsPerDestination.take(mailDestinationKey(email));
	if (wait) log().warn({ subject: 'mail', to: email }, 'mail not sent: the address had its hourly share');
	return wait;
}
