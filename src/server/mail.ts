/**
 * Outgoing mail. With SMTP_URL set, real SMTP; otherwise each message is written as an .eml
 * file to the outbox folder, so local set-ups need no mail server. The log names the file and
 * never its content: a reset link in a log is a live key to the account.
 */
import { log } from '@/server/log';
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
	// The address is masked by the log; the file, not the mail's links, is what a developer needs.
	log().info({ subject: 'mail', to: mail.to, mailSubject: mail.subject, file }, 'mail written to the outbox');
}

export async function sendMail(mail: Mail): Promise<void> {
	const { smtpUrl, mailFrom } = config();
	if (smtpUrl) await smtpTransport(smtpUrl).sendMail({ from: mailFrom, ...mail });
	else await writeToOutbox(mail);
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
