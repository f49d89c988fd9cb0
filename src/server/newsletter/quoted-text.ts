/**
 * Readers' words inside the site's own mails (issue 42, F-5). A mail from Retail Media Hub lends
 * them its name, so they are shown as a quote of someone else: one line (a line break cannot
 * start what looks like the site's own paragraph), and with every address broken so no mail
 * program turns it into a link ("hxxps://example[.]com" in place of "https://example.com").
 */

/** A scheme's letters that mail programs link on sight. */
const SCHEME = /\b(h)tt(ps?):\/\//gi;
/** A dot that joins two parts of a host name (example.com, www.example, a@b.org). */
const HOST_DOT = /(?<=[\p{L}\p{N}-])\.(?=\p{L})/gu;

/** The text on one line, between quotation marks, with its addresses left unclickable. */
export function quotedText(text: string): string {
	const line = text
		.replace(/\s+/g, ' ')
		.trim()
		.replace(SCHEME, (_, h: string, rest: string) => `${h}xx${rest}://`)
		.replace(HOST_DOT, '[.]');
	return `“${line}”`;
}
