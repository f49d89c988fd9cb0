/**
 * Outgoing mail. With SMTP_URL set, real SMTP; otherwise each message is written as an .eml
 * file to the outbox folder, so local set-ups need no mail server. The log names the file and
 * never its content: a reset link in a log is a live key to the account. What a mail says is
 * written by the subject that sends it (auth/account-mails.ts, newsletter/).
 */
import { log } from '@/server/runtime/log';
import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '@/server/runtime/config';

export type Mail = {
	to: string;
	subject: string;
	text: string;
	html?: string;
	/** Where replies go, when not to the sender. */
	replyTo?: string;
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
	// Written under another name and then renamed, so whoever reads the outbox (a developer,
	// `npm run mail:last`, the tests) never finds a mail half written.
	await writeFile(`${file}.part`, info.message as Buffer);
	await rename(`${file}.part`, file);
	// The address is masked by the log; the file, not the mail's links, is what a developer needs.
	log().info({ subject: 'mail', to: mail.to, mailSubject: mail.subject, file }, 'mail written to the outbox');
}

export async function sendMail(mail: Mail): Promise<void> {
	const { smtpUrl, mailFrom } = config();
	if (smtpUrl) await smtpTransport(smtpUrl).sendMail({ from: mailFrom, ...mail });
	else await writeToOutbox(mail);
}

/** Sends without making the caller wait; a failure is logged (`what` names the mail). */
export function sendInBackground(mail: Mail, what: string): void {
	sendMail(mail).catch((error) => log().error({ err: error, subject: 'mail' }, `${what} mail failed`));
}
