/**
 * Markdown to safe HTML for article bodies and static pages: marked (GitHub-flavoured) turns the
 * source into HTML, then DOMPurify removes anything that could run script. Editors may write raw
 * HTML in markdown, so the sanitizer, not marked, is the security boundary.
 */
import DOMPurify, { type Config, type UponSanitizeAttributeHookEvent } from 'isomorphic-dompurify';
import { Marked } from 'marked';
import { ALLOWED_URI_REGEXP, isExternalUrl, isSafeUrl } from '../lib/safe-url';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Attributes whose value is a URL: each must pass isSafeUrl (DOMPurify lets data: through on img). */
const URI_ATTRIBUTES = new Set([
	'href',
	'src',
	'action',
	'formaction',
	'xlink:href',
	'poster',
	'background',
	'cite',
	'longdesc',
	'usemap',
	'manifest',
	'codebase',
	'data',
]);

const PURIFY_CONFIG: Config = {
	USE_PROFILES: { html: true },
	FORBID_TAGS: [
		'style',
		'iframe',
		'frame',
		'frameset',
		'form',
		'input',
		'button',
		'textarea',
		'select',
		'object',
		'embed',
		'base',
		'link',
		'meta',
	],
	FORBID_ATTR: ['style', 'srcset', 'formaction', 'action'],
	ALLOWED_URI_REGEXP,
	ALLOW_UNKNOWN_PROTOCOLS: false,
	ALLOW_DATA_ATTR: false,
};

const EXTERNAL_REL = 'noopener noreferrer nofollow';

let hooksRegistered = false;

/** Hooks live on the shared DOMPurify instance; registered on first use, once per process. */
function registerHooks(): void {
	if (hooksRegistered) return;
	hooksRegistered = true;
	DOMPurify.addHook(
		'uponSanitizeAttribute',
		(_node: Element, data: UponSanitizeAttributeHookEvent) => {
			const name = data.attrName.toLowerCase();
			// Event handlers are not in the html allow-list anyway; this makes the rule explicit.
			if (name.startsWith('on')) data.keepAttr = false;
			else if (URI_ATTRIBUTES.has(name) && !isSafeUrl(data.attrValue)) data.keepAttr = false;
		},
	);
	DOMPurify.addHook('afterSanitizeAttributes', (node: Element) => {
		if (node.tagName !== 'A') return;
		const href = node.getAttribute('href');
		if (href && isExternalUrl(href)) {
			node.setAttribute('target', '_blank');
			node.setAttribute('rel', EXTERNAL_REL);
		} else {
			node.removeAttribute('target');
		}
	});
}

/** Renders editor-written markdown to HTML that is safe to inject with set:html. */
export function renderMarkdown(source: string): string {
	registerHooks();
	const html = marked.parse(source ?? '') as string;
	return DOMPurify.sanitize(html, PURIFY_CONFIG) as unknown as string;
}
