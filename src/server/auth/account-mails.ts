/**
 * The mails about a person's account: password reset, address verification, email changes and
 * a password set by an editor. Plain text, each naming what happened and what to do if it was
 * not them; sent through mail/transport.ts.
 */
import { config } from '@/server/runtime/config';
import type { Mail } from '@/server/mail/transport';

export function passwordResetMail(to: string, link: string): Mail {
	return {
		to,
		subject: 'Reset your Retail Media Hub password',
		text: [
			'Someone asked to reset the password of your Retail Media Hub account.',
			'',
			`Choose a new password here (the link works once, for 1 hour): ${link}`,
			'',
			'If it was not you, ignore this mail: your password stays as it is.',
		].join('\n'),
	};
}

/** Where a person who did not make a change to their account reaches the editors. */
function contactLine(): string {
	return `please reach the editors through ${new URL('/contact', config().siteUrl).href} at once.`;
}

/** Tells the old address that the account's email changed (whoever changed it now holds it). */
export function emailChangedMail(to: string): Mail {
	return {
		to,
		subject: 'The email of your Retail Media Hub account was changed',
		text: [
			'The sign-in email of your Retail Media Hub account was just changed from this address',
			'to another one, and the account was signed out everywhere else.',
			'',
			`If it was you, there is nothing to do. If it was not, ${contactLine()}`,
		].join('\n'),
	};
}

/** Asks the owner of a new account to confirm that the address is theirs. */
export function verifyAddressMail(to: string, link: string): Mail {
	return {
		to,
		subject: 'Confirm your email for Retail Media Hub',
		text: [
			'Please confirm that this address belongs to your Retail Media Hub account.',
			'',
			`Open this link and press the button on the page (it works once, for 48 hours): ${link}`,
			'',
			'Until then we send you no newsletter. If you did not sign up, ignore this mail.',
		].join('\n'),
	};
}

/** Sent to the new address of an email change: the change happens only through this link. */
export function confirmNewAddressMail(to: string, link: string): Mail {
	return {
		to,
		subject: 'Confirm your new email for Retail Media Hub',
		text: [
			'Someone asked to move a Retail Media Hub account to this address.',
			'',
			`To confirm, open this link and press the button on the page (it works once, for 48 hours): ${link}`,
			'',
			'Until then the account keeps its old address. If it was not you, ignore this mail.',
		].join('\n'),
	};
}

/** Sent to a work address a reviewer added: it is verified only through this link. */
export function confirmWorkEmailMail(to: string, link: string): Mail {
	return {
		to,
		subject: 'Confirm your work email for Retail Media Hub',
		text: [
			'Someone asked to add this address as the work email of a Retail Media Hub account.',
			'Their reviews will say "Verified work email"; the address itself is never shown.',
			'',
			`To confirm, open this link while signed in and press the button on the page (it works once, for 48 hours): ${link}`,
			'',
			'If it was not you, ignore this mail.',
		].join('\n'),
	};
}

/**
 * Tells the current address that a change to another one was asked for and waits for it (not
 * which one: the account's new address is nobody's business until it is confirmed).
 */
export function emailChangeRequestedMail(to: string): Mail {
	return {
		to,
		subject: 'A change of your Retail Media Hub email was requested',
		text: [
			'Someone signed in to your Retail Media Hub account asked to move it to another email address.',
			'The account keeps this address until the link we sent to the new one is opened.',
			'',
			`If it was you, there is nothing to do. If it was not, change your password and ${contactLine()}`,
		].join('\n'),
	};
}

/** Tells an account's owner that an editor set its password (they must hear it from us). */
export function passwordSetByEditorMail(to: string): Mail {
	return {
		to,
		subject: 'An editor set a new password for your Retail Media Hub account',
		text: [
			'An editor of Retail Media Hub has just set a new password for your account, and the',
			'account was signed out everywhere.',
			'',
			'If you asked for this, sign in with the password the editor gave you and change it in',
			'your profile. If you did not, please contact us at once.',
		].join('\n'),
	};
}
