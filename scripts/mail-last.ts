/**
 * `npm run mail:last`: prints the newest mail in the outbox (OUTBOX_DIR, where mails go while
 * SMTP_URL is unset) with its links decoded. The .eml files are quoted-printable, which breaks
 * long lines with `=` and writes `=` as `=3D`, so a link copied from the file does not work.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '@/server/runtime/config';

/** Undoes quoted-printable soft breaks and escapes (mail bodies). */
export function decodeQuotedPrintable(body: string): string {
	return body
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The header's value (first line only: ours are short). */
function header(raw: string, name: string): string {
	return raw.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1]?.trim() ?? '';
}

/** The mail's To, Subject and the http(s) links of its body, decoded, each once. */
export function readMail(raw: string): { to: string; subject: string; links: string[] } {
	const text = decodeQuotedPrintable(raw);
	const links = [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) =>
		match[0].replace(/&amp;/g, '&').replace(/[.,;:)\]]+$/, ''),
	);
	return { to: header(raw, 'To'), subject: header(raw, 'Subject'), links: [...new Set(links)] };
}

/** The newest .eml file of the folder, or undefined when there is none. */
export function newestMail(dir: string): string | undefined {
	let names: string[];
	try {
		names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
	} catch {
		return undefined;
	}
	const newest = names
		.map((name) => ({ path: join(dir, name), at: statSync(join(dir, name)).mtimeMs }))
		.sort((a, b) => b.at - a.at || b.path.localeCompare(a.path))[0];
	return newest?.path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { outboxDir } = config();
	const file = newestMail(outboxDir);
	if (!file) {
		console.log(`No mail in ${outboxDir} yet.`);
	} else {
		const mail = readMail(readFileSync(file, 'utf8'));
		console.log(`${file}\nTo: ${mail.to}\nSubject: ${mail.subject}\n`);
		for (const link of mail.links) console.log(link);
	}
}
