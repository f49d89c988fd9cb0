/**
 * The newsletter mail: markdown rendered and sanitized by the site's own renderer, laid out with
 * MJML (which writes the table markup and inline styles that mail clients need), links made
 * absolute to the public site, and a plain-text part made from the same HTML.
 */
import { randomUUID } from 'node:crypto';
import { log } from '@/server/runtime/log';
import { convert } from 'html-to-text';
import { LRUCache } from 'lru-cache';
import { config } from '@/server/runtime/config';
import { renderMarkdown } from '@/server/content/markdown';
import { trackLinks } from './links';

export const SITE_NAME = 'Retail Media Hub';

/**
 * MJML, loaded when the first mail is laid out rather than at import: it costs about 1.5 s of CPU
 * to load, which every node paid at start (the newsletter worker imports this module) although
 * most starts send no mail.
 */
async function mjmlToHtml() {
	return (await import('mjml')).default;
}

/**
 * Stands for the recipient's own unsubscribe link until the mail is personalised. Random per
 * render, so the editor's content cannot contain it: the link is filled in only where this
 * template puts it, never inside the content (where it could leak to a site the content links to).
 */
function unsubscribePlaceholder(): string {
	return `https://unsubscribe.invalid/${randomUUID()}`;
}

export type RenderedIssue = { subject: string; html: string; text: string };
type RenderedTemplate = RenderedIssue & { placeholder: string };

function escapeHtml(value: string): string {
	return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Resolves every href/src against the site, so '/news/x' works from an inbox. */
export function absolutizeLinks(html: string, base: URL): string {
	return html.replace(/\b(href|src)="([^"]*)"/g, (whole, name: string, value: string) => {
		if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('#')) return whole;
		try {
			return `${name}="${new URL(value, base).href}"`;
		} catch {
			return whole;
		}
	});
}

const STYLES = `
	a { color: #2563eb; }
	h1, h2, h3 { color: #111827; line-height: 1.3; margin: 24px 0 8px; }
	p, li { line-height: 1.6; }
	img { max-width: 100%; height: auto; }
	blockquote { border-left: 4px solid #e5e7eb; margin: 16px 0; padding-left: 12px; color: #4b5563; }
	code { background: #f3f4f6; padding: 1px 4px; border-radius: 3px; }
`;

/** What marks a test mail, above its content: subscribers never get this mail. */
export const TEST_MAIL_BANNER =
	'This is a test mail. Subscribers have not received it, and its unsubscribe link changes nothing.';
export const TEST_SUBJECT_PREFIX = '[Test] ';

export type MailKind = 'issue' | 'test';

/**
 * The mail of a subject and content; with `trackedIssue`, the content's links go through /r/ so
 * their clicks are counted (a sent issue's mail, not a test or a preview).
 */
async function renderTemplate(
	subject: string,
	content: string,
	kind: MailKind,
	trackedIssue?: number,
): Promise<RenderedTemplate> {
	const { siteUrl, newsletter } = config();
	const placeholder = unsubscribePlaceholder();
	const absolute = absolutizeLinks(renderMarkdown(content), siteUrl);
	const body = trackedIssue === undefined ? absolute : await trackLinks(trackedIssue, absolute);
	const title = escapeHtml(subject);
	const home = escapeHtml(siteUrl.href);
	const postal = newsletter.postalAddress;
	const postalHtml = postal ? `<br />${escapeHtml(postal)}` : '';
	const banner =
		kind === 'test'
			? `<mj-section background-color="#fef3c7" padding="12px 24px">
      <mj-column>
        <mj-text align="center" font-size="14px" font-weight="bold" color="#92400e">${escapeHtml(TEST_MAIL_BANNER)}</mj-text>
      </mj-column>
    </mj-section>`
			: '';
	const { html, errors } = await (await mjmlToHtml())(
		`<mjml>
  <mj-head>
    <mj-title>${title}</mj-title>
    <mj-preview>${title}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" color="#1f2937" line-height="1.6" />
    </mj-attributes>
    <mj-style inline="inline">${STYLES}</mj-style>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    ${banner}
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="20px" font-weight="bold"><a href="${home}" style="color:#111827;text-decoration:none">${SITE_NAME}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold" color="#111827">${title}</mj-text>
        <mj-text>${body}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#6b7280">You get this mail because you subscribed to the ${SITE_NAME} weekly briefing.<br /><a href="${placeholder}" style="color:#6b7280">Unsubscribe</a>${postalHtml}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`,
		{ validationLevel: 'soft' },
	);
	if (errors.length > 0)
		log().warn(
			{ subject: 'newsletter', mjml: errors.map((e) => e.formattedMessage) },
			'MJML reported problems',
		);
	const text = [
		...(kind === 'test' ? [TEST_MAIL_BANNER, ''] : []),
		subject,
		'',
		convert(body, { wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] }),
		'',
		'--',
		`You get this mail because you subscribed to the ${SITE_NAME} weekly briefing.`,
		`Unsubscribe: ${placeholder}`,
		...(postal ? [postal] : []),
	].join('\n');
	return { subject: kind === 'test' ? `${TEST_SUBJECT_PREFIX}${subject}` : subject, html, text, placeholder };
}

/**
 * Rendering with MJML takes milliseconds; an issue goes to thousands of people with only the
 * unsubscribe link differing, so each version of an issue is rendered once.
 */
const cache = new LRUCache<string, Promise<RenderedTemplate>>({ max: 20 });

export type IssueForMail = { id: number; subject: string; content: string; updatedAt: Date };

/**
 * The issue's mail with `unsubscribeUrl` as the recipient's unsubscribe link; a test mail has
 * its subject prefixed and a banner above the content.
 */
export async function renderIssueMail(
	issue: IssueForMail,
	unsubscribeUrl: string,
	kind: MailKind = 'issue',
): Promise<RenderedIssue> {
	const key = `${kind}:${issue.id}:${issue.updatedAt.getTime()}:${issue.subject.length}:${issue.content.length}`;
	let rendered = cache.get(key);
	if (!rendered) {
		rendered = renderTemplate(issue.subject, issue.content, kind, kind === 'issue' ? issue.id : undefined);
		cache.set(key, rendered);
		rendered.catch(() => cache.delete(key));
	}
	return personalize(await rendered, unsubscribeUrl);
}

/** The template with the recipient's own unsubscribe link in place of the placeholder. */
function personalize(template: RenderedTemplate, unsubscribeUrl: string): RenderedIssue {
	return {
		subject: template.subject,
		html: template.html.replaceAll(template.placeholder, escapeHtml(unsubscribeUrl)),
		text: template.text.replaceAll(template.placeholder, unsubscribeUrl),
	};
}

/**
 * What subscribers would get for an unsaved subject and content (the editor's Preview), with
 * the test mails' unsubscribe link, which changes nothing. Not cached: it changes as one types.
 */
export async function previewIssueMail(
	subject: string,
	content: string,
	unsubscribeUrl: string,
): Promise<RenderedIssue> {
	return personalize(await renderTemplate(subject, content, 'issue'), unsubscribeUrl);
}
