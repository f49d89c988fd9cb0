/**
 * `npm run mail:last` (scripts/mail-last.ts): the newest outbox mail's links, decoded from
 * quoted-printable so they can be copied and opened.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newestMail, readMail } from '../../scripts/mail-last';

// A verification mail as nodemailer writes it: the link's `=` is `=3D`, and the long line is
// broken with a soft `=` line end in the middle of the token.
const RAW = [
	'To: newcomer@example.com',
	'Subject: Confirm your email for Retail Media Hub',
	'Content-Type: multipart/alternative; boundary="b"',
	'',
	'--b',
	'Content-Type: text/plain; charset=utf-8',
	'Content-Transfer-Encoding: quoted-printable',
	'',
	'Open this link: http://localhost:8080/verify-email?token=3Dabcdefghijklmnop=',
	'qrstuvwxyz234567.',
	'--b',
	'Content-Type: text/html; charset=utf-8',
	'Content-Transfer-Encoding: quoted-printable',
	'',
	'<a href=3D"http://localhost:8080/verify-email?token=3Dabcdefghijklmnopqrstuvwxyz23=',
	'4567">Confirm</a> <a href=3D"http://localhost:8080/?a=3D1&amp;b=3D2">Home</a>',
	'--b--',
].join('\r\n');

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

describe('mail:last', () => {
	it('decodes the links whole, each once, with the To and Subject', () => {
		expect(readMail(RAW)).toEqual({
			to: 'newcomer@example.com',
			subject: 'Confirm your email for Retail Media Hub',
			links: [
				'http://localhost:8080/verify-email?token=abcdefghijklmnopqrstuvwxyz234567',
				'http://localhost:8080/?a=1&b=2',
			],
		});
	});

	it('picks the newest .eml file of the folder, and none in an empty or missing one', () => {
		dir = mkdtempSync(join(tmpdir(), 'rmh-outbox-'));
		expect(newestMail(dir)).toBeUndefined();
		expect(newestMail(join(dir, 'missing'))).toBeUndefined();
		for (const [name, seconds] of [
			['b.eml', 100],
			['a.eml', 300],
			['c.eml', 200],
			['notes.txt', 400],
		] as const) {
			writeFileSync(join(dir, name), RAW);
			utimesSync(join(dir, name), seconds, seconds);
		}
		expect(newestMail(dir)).toBe(join(dir, 'a.eml'));
	});
});
