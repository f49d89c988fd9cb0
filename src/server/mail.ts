/**
 * Outgoing mail. With SMTP_URL set, real SMTP; otherwise each message is written as an .eml
 * file to the outbox folder, so local set-ups need no mail server. The log names the file and
 * never its content: a reset link in a log is a live key to the account.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from './config';

export type Mail = {
	to: string;
	subject: string;
	text: string;
	html?: string;
	/** Extra header lines, e.g. List-Unsubscribe. */
	headers?: Record<string, string>;
};

let transporter: Transporter | undefined;

function smtpTransport(url: string): Transporter {
	transporter ??= nodemailer.createTransport(url);
	return transporter;
}

async function writeToOutbox(mail: Mail): Promise<void> {
	const { outboxDir, mailFrom } = config();
	mkdirSync(outboxDir, { recursive: true });
	const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
	const info = await stream.sendMail({ from: mailFrom, ...mail });
	const file = join(outboxDir, `${Date.now()}-${crypto.randomUUID()}.eml`);
	await writeFile(file, info.message as Buffer);
	console.log(`[mail] to ${mail.to}: "${mail.subject}" written to ${file}`);
}

export async function sendMail(mail: Mail): Promise<void> {
	const { smtpUrl, mailFrom } = config();
	if (smtpUrl) await smtpTransport(smtpUrl).sendMail({ from: mailFrom, ...mail });
	else await writeToOutbox(mail);
}

/** Sends without making the caller wait; a failure is logged (`what` names the mail). */
export function sendInBackground(mail: Mail, what: string): void {
	sendMail(mail).catch((error) => console.error(`[mail] ${what} mail failed`, error));
}

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

/** Tells the old address that the account's email changed (whoever changed it now holds it). */
export function emailChangedMail(to: string): Mail {
	return {
		to,
		subject: 'The email of your Retail Media Hub account was changed',
		text: [
			'The sign-in email of your Retail Media Hub account was just changed from this address',
			'to another one, and the account was signed out everywhere else.',
			'',
			'If it was you, there is nothing to do. If it was not, please contact us at once.',
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
