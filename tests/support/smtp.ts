/**
 * A real SMTP server for tests (the `smtp-server` package): it accepts every message and keeps
 * it, so a test can read the password-reset mail the site sent.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../scripts/shared/ports';

export type CapturedMail = { to: string[]; raw: string; text: string };

/** Undoes quoted-printable soft breaks and escapes so links can be read from the body. */
function decodeQuotedPrintable(body: string): string {
	return body
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function bodyText(raw: string): string {
	const split = raw.indexOf('\r\n\r\n');
	const head = raw.slice(0, split);
	const body = raw.slice(split + 4);
	if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
	if (/content-transfer-encoding:\s*base64/i.test(head)) {
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	}
	return body;
}

export type SmtpOptions = {
	/**
	 * Decides the answer to a message before it is kept: an SMTP code such as 451 (try again
	 * later) or 550 (refused) rejects it; undefined accepts it. `attempt` counts the messages to
	 * the same first recipient, from 1.
	 */
	answer?: (to: string, attempt: number) => number | undefined;
};

export async function startSmtp(options: SmtpOptions = {}) {
	const mails: CapturedMail[] = [];
	const attempts = new Map<string, number>();
	/** Every message offered, accepted or not, by first recipient. */
	const offered: string[] = [];
	const waiters: Array<() => void> = [];
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		onData(stream, session, callback) {
			let raw = '';
			stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
			stream.on('end', () => {
				const to = session.envelope.rcptTo[0]?.address ?? '';
				const attempt = (attempts.get(to) ?? 0) + 1;
				attempts.set(to, attempt);
				offered.push(to);
				const code = options.answer?.(to, attempt);
				if (code !== undefined) {
					const error = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
						responseCode: code,
					});
					callback(error);
					return;
				}
				mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: bodyText(raw) });
				waiters.splice(0).forEach((wake) => wake());
				callback();
			});
		},
	});
	const port = await freePort();
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		url: `smtp://127.0.0.1:${port}`,
		mails,
		offered,
		/**
		 * The latest mail to `to` (that `matching` accepts, when given), waiting for one (up to
		 * 30 s, what a busy machine needs to send it).
		 */
		async waitForMail(
			to: string,
			matching: (mail: CapturedMail) => boolean = () => true,
		): Promise<CapturedMail> {
			const deadline = Date.now() + 30_000;
			for (;;) {
				const found = mails.findLast((mail) => mail.to.includes(to) && matching(mail));
				if (found) return found;
				if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
				await new Promise<void>((resolve) => {
					waiters.push(resolve);
					setTimeout(resolve, 200);
				});
			}
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
