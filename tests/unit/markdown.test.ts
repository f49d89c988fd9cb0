/**
 * renderMarkdown against a corpus of XSS payloads (raw HTML and every markdown link form), and
 * the ordinary markdown that must survive the sanitizer.
 */
import DOMPurify from 'isomorphic-dompurify';
import { describe, expect, it, vi } from 'vitest';
import { isExternalUrl, isSafeUrl } from '@/lib/safe-url';
import { renderMarkdown } from '@/server/content/markdown';

type Tag = { name: string; attrs: { name: string; value: string }[] };

/** The start tags of serialized HTML with their attributes (DOMPurify quotes every value). */
function tagsOf(html: string): Tag[] {
	const tags: Tag[] = [];
	for (const match of html.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/"]+(?:="[^"]*")?)*)\s*\/?>/g)) {
		const attrs = [...match[2]!.matchAll(/([^\s=>/"]+)(?:="([^"]*)")?/g)].map((a) => ({
			name: a[1]!.toLowerCase(),
			value: decodeEntities(a[2] ?? ''),
		}));
		tags.push({ name: match[1]!.toLowerCase(), attrs });
	}
	return tags;
}

function decodeEntities(value: string): string {
	return value
		.replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
		.replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
		.replace(/&quot;/g, '"')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&nbsp;/g, '\u00a0')
		.replace(/&amp;/g, '&');
}

const URL_ATTRIBUTES = [
	'href',
	'src',
	'action',
	'formaction',
	'xlink:href',
	'poster',
	'background',
	'srcset',
	'data',
];
const compact = (value: string) =>
	// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a browser ignores in a URL, as safe-url removes them
	value.replace(/[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '');

/** Every safety property the output of any input must have. */
function expectSafe(html: string): void {
	expect(html).not.toMatch(/<script/i);
	expect(html).not.toMatch(/<(svg|math|iframe|object|embed|form|input|style|base|meta|link)\b/i);
	for (const tag of tagsOf(html)) {
		for (const attr of tag.attrs) {
			expect(attr.name, `${tag.name} has event handler ${attr.name}`).not.toMatch(/^on\w+/);
			expect(attr.name).not.toBe('style');
			if (URL_ATTRIBUTES.includes(attr.name)) {
				expect(compact(attr.value), `${tag.name} ${attr.name}`).not.toMatch(/^(javascript|data|vbscript):/i);
				expect(isSafeUrl(attr.value), `${tag.name} ${attr.name}="${attr.value}"`).toBe(true);
				expect(compact(attr.value)).toMatch(
					/^(?:https?:|ircs?:|mailto:|xmpp:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
				);
			}
		}
	}
	// The same checks on the raw text, for attribute forms the tag parser above might not see.
	expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
	expect(html).not.toMatch(/(href|src|action)\s*=\s*["']?\s*(javascript|data|vbscript):/i);
}

const PAYLOADS: string[] = [
	'[click](javascript:alert(1))',
	'[click](JAVASCRIPT:alert(1))',
	'[click](JaVaScRiPt:alert(1))',
	'[click](java\tscript:alert(1))',
	'<a href="java\tscript:alert(1)">tab</a>',
	'<a href="java\nscript:alert(1)">newline</a>',
	'<a href="&#x20;javascript:alert(1)">leading space</a>',
	'[click](jav&#x61;script:alert(1))',
	'[click](&#106;avascript:alert(1))',
	'<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">dec</a>',
	'<a href="jav&#x09;ascript:alert(1)">entity tab</a>',
	'[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
	'![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
	'<img src="data:image/png;base64,iVBORw0KGgo=">',
	'[click](vbscript:msgbox(1))',
	'<a href="VBScript:msgbox(1)">vb</a>',
	'<img src=x onerror=alert(1)>',
	'<img src="x" ONERROR="alert(1)">',
	'<svg onload=alert(1)>',
	'<svg><script>alert(1)</script></svg>',
	'<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
	'<iframe src="javascript:alert(1)"></iframe>',
	'<iframe srcdoc="<script>alert(1)</script>"></iframe>',
	'<a href="javascript:alert(1)">raw</a>',
	'[ref link][evil]\n\n[evil]: javascript:alert(1)',
	'![ref image][evil]\n\n[evil]: javascript:alert(1)',
	'![image](javascript:alert(1))',
	'<javascript:alert(1)>',
	'<scr<script>ipt>alert(1)</scr</script>ipt>',
	'<<script>script>alert(1)<</script>/script>',
	'<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
	'<math href="javascript:alert(1)">CLICK</math>',
	'<p style="background:url(javascript:alert(1))">styled</p>',
	'<div style="color:red" onclick="alert(1)">div</div>',
	'<style>body{background:url(javascript:alert(1))}</style>',
	'<form action="javascript:alert(1)"><input type="submit"></form>',
	'<button formaction="javascript:alert(1)">b</button>',
	'<object data="javascript:alert(1)"></object>',
	'<embed src="javascript:alert(1)">',
	'<details open ontoggle=alert(1)>x</details>',
	'<body onload=alert(1)>',
	'<base href="javascript:alert(1)//">',
	'<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
	'<video><source onerror="alert(1)"></video>',
	'<a href="  javascript:alert(1)">spaces</a>',
	'<a href="javascript&colon;alert(1)">colon entity</a>',
	'[x](<javascript:alert(1)>)',
	'`<script>alert(1)</script>` and <script>alert(1)</script>',
	'<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
	'<img srcset="x.png 1x, javascript:alert(1) 2x">',
];

describe('renderMarkdown: XSS corpus', () => {
	it('has a corpus of at least 25 payloads', () => {
		expect(PAYLOADS.length).toBeGreaterThanOrEqual(25);
	});

	it('uses a checker that does catch unsafe HTML', () => {
		expect(() => expectSafe('<p><script>alert(1)</script></p>')).toThrow();
		expect(() => expectSafe('<img src="x" onerror="alert(1)">')).toThrow();
		expect(() => expectSafe('<a href="java&#x09;script:alert(1)">x</a>')).toThrow();
		expect(() => expectSafe('<img src="data:image/png;base64,AA">')).toThrow();
		expect(() => expectSafe('<a href="vbscript:x">x</a>')).toThrow();
		expect(() => expectSafe('<svg></svg>')).toThrow();
	});

	it.each(PAYLOADS)('neutralizes %j', (payload) => {
		expectSafe(renderMarkdown(payload));
	});

	it('neutralizes the whole corpus rendered as one document', () => {
		expectSafe(renderMarkdown(PAYLOADS.join('\n\n')));
	});

	it('keeps the text of a neutralized javascript: link as plain text, not a dead link', () => {
		const html = renderMarkdown('[click me](javascript:alert(1))');
		expect(html).toBe('<p>click me</p>\n');
	});

	it('shows every refused link as its text, keeping its formatting and the safe links', () => {
		const html = renderMarkdown(
			'See [**bold** one](data:text/html,x), <a href="vbscript:x">raw</a>, [ok](/about) and [ref][evil].\n\n[evil]: javascript:x',
		);
		expect(html).toBe('<p>See <strong>bold</strong> one, raw, <a href="/about">ok</a> and ref.</p>\n');
	});

	it('drops data: image sources that DOMPurify alone would allow', () => {
		expect(renderMarkdown('<img src="data:image/png;base64,iVBORw0KGgo=" alt="d">')).not.toContain('src=');
	});

	it('drops the event handler but keeps a harmless image', () => {
		const html = renderMarkdown('<img src="/a.png" onerror="alert(1)" alt="a">');
		expect(html).toContain('src="/a.png"');
		expect(html).not.toMatch(/onerror/i);
	});
});

describe('renderMarkdown: a long-lived process', () => {
	it('leaves nothing behind on the shared jsdom window, render after render', () => {
		const sanitized = DOMPurify.sanitize('<p>x</p>', { RETURN_DOM: true }) as HTMLElement;
		// The window's realm shares one EventTarget prototype: every listener added to the window
		// goes through its addEventListener.
		let proto: object | null = sanitized;
		while (proto && !Object.hasOwn(proto, 'addEventListener')) proto = Object.getPrototypeOf(proto);
		const added = vi.spyOn(proto as EventTarget, 'addEventListener');
		try {
			for (let i = 0; i < 3; i++)
				renderMarkdown(`# Heading ${i}\n\nText with a [link](https://example.com).`);
			expect(added).not.toHaveBeenCalled();
		} finally {
			added.mockRestore();
		}
	});
});

describe('renderMarkdown: ordinary markdown survives', () => {
	it('renders headings, emphasis and lists', () => {
		const html = renderMarkdown(
			'# Title\n\n## Sub\n\nSome **bold** and *em*.\n\n- one\n- two\n\n1. first\n2. second',
		);
		// The page's title is its only h1: `#` in a body is a section heading, as `##` is.
		expect(html).toContain('<h2>Title</h2>');
		expect(html).not.toContain('<h1');
		expect(html).toContain('<h2>Sub</h2>');
		expect(renderMarkdown('<h1 id="x">Raw <em>one</em></h1>')).toBe('<h2 id="x">Raw <em>one</em></h2>');
		expect(html).toContain('<strong>bold</strong>');
		expect(html).toContain('<em>em</em>');
		expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
		expect(html).toMatch(/<ol>\s*<li>first<\/li>/);
	});

	it('renders code blocks with their content escaped', () => {
		const html = renderMarkdown('Inline `a < b`.\n\n```ts\nconst x = "<script>";\n```');
		expect(html).toContain('<code>a &lt; b</code>');
		expect(html).toContain('<pre tabindex="0"><code class="language-ts">');
		expect(html).toContain('&lt;script&gt;');
		expect(html).not.toMatch(/<script/i);
	});

	it('makes code blocks and tables, which may scroll sideways, reachable with the keyboard', () => {
		const html = renderMarkdown('```\nwide\n```\n\n| a |\n|---|\n| 1 |');
		expect(html).toContain('<pre tabindex="0">');
		expect(html).toContain('<table tabindex="0">');
	});

	it('renders GFM tables and strikethrough', () => {
		const html = renderMarkdown('| Name | Price |\n|---|---|\n| A | 1 |\n\n~~old~~');
		expect(html).toContain('<table tabindex="0">');
		expect(html).toContain('<th>Name</th>');
		expect(html).toContain('<td>A</td>');
		expect(html).toContain('<del>old</del>');
	});

	it('keeps http, https, mailto, irc, xmpp and relative links', () => {
		const html = renderMarkdown(
			'[a](http://example.com/a) [b](https://example.com/b?x=1&y=2) [c](mailto:hi@example.com) ' +
				'[d](/news/3) [e](#top) [f](../about) [g](irc://irc.example.com/chan) [h](xmpp:me@example.com) [i](page.html)',
		);
		for (const href of [
			'http://example.com/a',
			'https://example.com/b?x=1&amp;y=2',
			'mailto:hi@example.com',
			'/news/3',
			'#top',
			'../about',
			'irc://irc.example.com/chan',
			'xmpp:me@example.com',
			'page.html',
		]) {
			expect(html).toContain(`href="${href}"`);
		}
		expectSafe(html);
	});

	it('marks external links noopener noreferrer nofollow with a new tab, not internal ones', () => {
		const html = renderMarkdown('[out](https://example.com) [in](/platforms) [mail](mailto:a@b.co)');
		const anchors = tagsOf(html).filter((tag) => tag.name === 'a');
		const attr = (tag: Tag, name: string) => tag.attrs.find((a) => a.name === name)?.value;
		expect(anchors).toHaveLength(3);
		expect(attr(anchors[0]!, 'rel')).toBe('noopener noreferrer nofollow');
		expect(attr(anchors[0]!, 'target')).toBe('_blank');
		expect(attr(anchors[1]!, 'target')).toBeUndefined();
		expect(attr(anchors[1]!, 'rel')).toBeUndefined();
		expect(attr(anchors[2]!, 'target')).toBeUndefined();
	});

	it('treats protocol-relative links as external', () => {
		const html = renderMarkdown('<a href="//example.com/x">x</a>');
		expect(html).toContain('rel="noopener noreferrer nofollow"');
		expect(html).toContain('target="_blank"');
	});

	it('autolinks bare URLs (GFM) as external links', () => {
		const html = renderMarkdown('See https://example.com/page for more.');
		expect(html).toContain(
			'<a href="https://example.com/page" target="_blank" rel="noopener noreferrer nofollow">',
		);
	});

	it('keeps images with safe sources, loaded when scrolled near', () => {
		expect(renderMarkdown('![logo](https://example.com/logo.png)')).toContain(
			'<img src="https://example.com/logo.png" alt="logo" loading="lazy" decoding="async">',
		);
	});

	it('shows a media library image as a picture with AVIF and WebP sources and its size', () => {
		const fallback = `/media/${'a'.repeat(32)}.jpg`;
		const small = `/media/${'b'.repeat(32)}.webp`;
		const image = {
			alt: 'Library alt',
			src: fallback,
			width: 960,
			height: 540,
			sources: [
				{ type: 'image/avif' as const, srcset: `/media/${'c'.repeat(32)}.avif 480w` },
				{ type: 'image/webp' as const, srcset: `${small} 480w` },
			],
		};
		// Any of the image's addresses in the markdown finds it; the markdown's own alt text stays.
		const html = renderMarkdown(`![Team photo](${small})`, new Map([[small, image]]));
		expect(html.trim()).toBe(
			`<p><picture><source type="image/avif" srcset="/media/${'c'.repeat(32)}.avif 480w" sizes="(min-width: 48rem) 48rem, 100vw">` +
				`<source type="image/webp" srcset="${small} 480w" sizes="(min-width: 48rem) 48rem, 100vw">` +
				`<img src="${fallback}" alt="Team photo" loading="lazy" decoding="async" width="960" height="540"></picture></p>`,
		);
	});

	it('renders an empty source as an empty string', () => {
		expect(renderMarkdown('')).toBe('');
	});
});

describe('isSafeUrl', () => {
	it.each([
		'https://example.com',
		'http://example.com',
		'HTTPS://EXAMPLE.COM',
		'mailto:a@b.co',
		'irc://irc.example.com',
		'ircs://irc.example.com',
		'xmpp:me@example.com',
		'/relative/path',
		'#anchor',
		'?q=1',
		'../up',
		'page.html',
	])('allows %j', (url) => {
		expect(isSafeUrl(url)).toBe(true);
	});

	it.each([
		'javascript:alert(1)',
		'JavaScript:alert(1)',
		'java\tscript:alert(1)',
		'java\nscript:alert(1)',
		' javascript:alert(1)',
		'\u0000javascript:alert(1)',
		'data:text/html,<script>alert(1)</script>',
		'vbscript:msgbox(1)',
		'file:///etc/passwd',
		'ftp://example.com',
		'tel:123',
		'blob:https://example.com/x',
		'',
	])('refuses %j', (url) => {
		expect(isSafeUrl(url)).toBe(false);
	});

	it('tells external links from internal ones', () => {
		expect(isExternalUrl('https://example.com')).toBe(true);
		expect(isExternalUrl('//example.com')).toBe(true);
		expect(isExternalUrl('/\\example.com')).toBe(true);
		expect(isExternalUrl('/news/1')).toBe(false);
		expect(isExternalUrl('mailto:a@b.co')).toBe(false);
	});
});
