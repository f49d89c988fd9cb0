/**
 * Markdown to safe HTML for article bodies and static pages: marked (GitHub-flavoured) turns the
 * source into HTML, then DOMPurify removes anything that could run script. Editors may write raw
 * HTML in markdown, so the sanitizer, not marked, is the security boundary.
 */
import { createRequire } from 'node:module';
import type { Config, DOMPurify as Sanitizer, UponSanitizeAttributeHookEvent } from 'isomorphic-dompurify';
import { compile } from 'html-to-text';
import { Marked } from 'marked';
import { MARKDOWN_TOO_DEEP, markdownProblem } from '@/lib/markdown-nesting';
import { ALLOWED_URI_REGEXP, isExternalUrl, isSafeUrl } from '@/lib/safe-url';
import { InvalidInput } from '@/server/errors';
import { BODY_IMAGE_SIZES, type LibraryImage } from '@/lib/media-images';

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

/** Links whose address was refused during the current sanitize: shown as their text instead. */
let refusedLinks = new Set<Element>();

let sanitizer: Sanitizer | undefined;

/**
 * The shared DOMPurify instance, loaded on first use with its hooks registered once per process.
 * Loaded then, not at import: its DOM (jsdom) costs about 1.5 s of CPU to load, which every
 * process that imports this module paid at start although most never render markdown (a node
 * serving copied pages, a script, each test server).
 */
function purifier(): Sanitizer {
	if (sanitizer) return sanitizer;
	const { default: DOMPurify } = createRequire(import.meta.url)('isomorphic-dompurify') as {
		default: Sanitizer;
	};
	sanitizer = DOMPurify;
	DOMPurify.addHook('uponSanitizeAttribute', (node: Element, data: UponSanitizeAttributeHookEvent) => {
		const name = data.attrName.toLowerCase();
		// Event handlers are not in the html allow-list anyway; this makes the rule explicit.
		if (name.startsWith('on')) data.keepAttr = false;
		else if (URI_ATTRIBUTES.has(name) && !isSafeUrl(data.attrValue)) {
			data.keepAttr = false;
			if (name === 'href' && node.tagName === 'A') refusedLinks.add(node);
		}
	});
	DOMPurify.addHook('afterSanitizeAttributes', (node: Element) => {
		// Code blocks and tables scroll sideways rather than widen the page; a region that scrolls
		// must be reachable with the keyboard.
		if (node.tagName === 'PRE' || node.tagName === 'TABLE') node.setAttribute('tabindex', '0');
		if (node.tagName !== 'A') return;
		const href = node.getAttribute('href');
		if (href && isExternalUrl(href)) {
			node.setAttribute('target', '_blank');
			node.setAttribute('rel', EXTERNAL_REL);
		} else {
			node.removeAttribute('target');
		}
	});
	return DOMPurify;
}

/**
 * marked's parse, refusing what is too deep or too costly to render (src/lib/markdown-nesting.ts):
 * checked first, and a stack overflow past that check is the "too deep" refusal, never a crash.
 */
function parseMarkdown(source: string): string {
	const problem = markdownProblem(source);
	if (problem) throw new InvalidInput(problem, 'content');
	try {
		return marked.parse(source) as string;
	} catch (error) {
		if (error instanceof RangeError) throw new InvalidInput(MARKDOWN_TOO_DEEP, 'content');
		throw error;
	}
}

/**
 * Body images load when scrolled near (they sit below the title and cover); a library image
 * becomes a <picture> with AVIF and WebP sources at every width and its size, so the page does
 * not move when it arrives. Built after sanitizing, from the library's own records only.
 */
function presentImages(body: HTMLElement, images: ReadonlyMap<string, LibraryImage>): void {
	const document = body.ownerDocument;
	for (const img of Array.from(body.getElementsByTagName('img'))) {
		img.setAttribute('loading', 'lazy');
		img.setAttribute('decoding', 'async');
		const image = images.get(img.getAttribute('src') ?? '');
		if (!image) continue;
		img.setAttribute('src', image.src);
		img.setAttribute('width', String(image.width));
		img.setAttribute('height', String(image.height));
		const picture = document.createElement('picture');
		for (const { type, srcset } of image.sources) {
			const source = document.createElement('source');
			source.setAttribute('type', type);
			source.setAttribute('srcset', srcset);
			source.setAttribute('sizes', BODY_IMAGE_SIZES);
			picture.append(source);
		}
		img.replaceWith(picture);
		picture.append(img);
	}
}

/**
 * Renders editor-written markdown to HTML that is safe to inject with set:html. Throws
 * InvalidInput (400) for markdown nested too deeply to render. `images` are the media library
 * images the source mentions (libraryImagesIn), shown as responsive pictures.
 */
export function renderMarkdown(
	source: string,
	images: ReadonlyMap<string, LibraryImage> = new Map(),
): string {
	const DOMPurify = purifier();
	const html = parseMarkdown(source ?? '');
	refusedLinks = new Set();
	const body = DOMPurify.sanitize(html, { ...PURIFY_CONFIG, RETURN_DOM: true }) as HTMLElement;
	// A link that goes nowhere must not look like one: keep its words, drop the <a>.
	for (const link of refusedLinks) link.replaceWith(...Array.from(link.childNodes));
	refusedLinks = new Set();
	// The page's title is its one h1: a `# Heading` in a body is a section heading, as `##` is.
	// Found by tag name, not with a selector: jsdom's selector engine adds event listeners to the
	// one shared window for every new document, so each render left more behind and a site of
	// 10,000 articles generated several times slower with each page.
	for (const heading of Array.from(body.getElementsByTagName('h1'))) {
		const section = body.ownerDocument.createElement('h2');
		for (const attribute of Array.from(heading.attributes))
			section.setAttribute(attribute.name, attribute.value);
		section.replaceChildren(...Array.from(heading.childNodes));
		heading.replaceWith(section);
	}
	presentImages(body, images);
	return body.innerHTML;
}

/** html-to-text set up once: words only (no link targets, images or upper-cased headings). */
const htmlToWords = compile({
	wordwrap: false,
	selectors: [
		{ selector: 'a', options: { ignoreHref: true } },
		{ selector: 'img', format: 'skip' },
		...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
	],
});

/**
 * The words of editor-written markdown as a reader sees them, as plain text (for search
 * snippets). Never injected as HTML, so no sanitizing is needed, which keeps it cheap: the
 * sanitizer's DOM costs milliseconds per page.
 */
export function markdownText(source: string): string {
	return htmlToWords(marked.parse(source ?? '') as string);
}
