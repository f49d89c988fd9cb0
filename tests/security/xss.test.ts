/**
 * Stored XSS in the browser (hardening item 3). XSS payloads go in everywhere people can
 * write text: an article and a static page (markdown, by an editor), a platform's fields (by an
 * editor), a rating review and a comment (by a user; the comment approved by an editor). Then
 * the public pages that show them, and the editor dashboard, are opened in Chromium with the
 * Content-Security-Policy bypassed, so that only the escaping and sanitising are under test,
 * not the CSP behind them. On every page:
 *
 * - no dialog opens and the canary `window.__xss` the payloads set stays undefined;
 * - no element carries an on* attribute;
 * - every link is http(s), mailto, irc(s), xmpp or relative; every image http(s), relative or
 *   a data:image of our own; no iframe, object, embed, base or meta refresh exists;
 * - no executable <script> contains a payload, and every JSON-LD block is still valid JSON;
 * - the payload's visible marker IS on the page (the check is not vacuous).
 *
 * The RSS feed and sitemap must stay well-formed XML with the payloads as text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hydrateIslands, launchBrowser, signInAs } from '../support/browser';
import type { TestServer } from '../support/server';
import { TestClient, registerUser, type Registered } from '../support/account-api';
import { DEMO, startSecurityServer } from '../support/security-roles';

/** Payloads for markdown bodies: raw HTML, obfuscated schemes, markdown links and images. */
const MARKDOWN_PAYLOADS = [
	'<a href="/relative/ok">a fine relative link</a> and [a fine link](https://example.com/ok)',
	'<script>window.__xss=1</script>',
	'<img src=x onerror="window.__xss=1">',
	'<svg onload="window.__xss=1"></svg>',
	'<svg><script>window.__xss=1</script></svg>',
	'"><script>window.__xss=1</script>',
	"'><img src=x onerror=alert(1)>",
	'<a href="javascript:window.__xss=1">js link</a>',
	'<a href="JaVaScRiPt:window.__xss=1">mixed case link</a>',
	'<a href="&#106;avascript:window.__xss=1">decimal entity link</a>',
	'<a href="&#x6A;&#x61;vascript:alert(1)">hex entity link</a>',
	'<a href="java&#x09;script:alert(1)">tab entity link</a>',
	'<a href=" javascript:alert(1)">leading space link</a>',
	'<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
	'<a href="vbscript:msgbox(1)">vbscript link</a>',
	'<a href="https://ok.example" onclick="window.__xss=1">handler link</a>',
	'[md js](javascript:window.__xss=1)',
	'[md js entity](&#106;avascript:alert(1))',
	'[md data](data:text/html,<script>alert(1)</script>)',
	'[md vbscript](vbscript:msgbox(1))',
	'[md space]( javascript:alert(1))',
	'![md image js](javascript:alert(1))',
	'![md image attr](x" onerror="window.__xss=1)',
	'![md image data](data:text/html,<script>alert(1)</script>)',
	'<javascript:alert(1)>',
	'<data:text/html,alert(1)>',
	'[ref link][evil]\n\n[evil]: javascript:window.__xss=1',
	'<iframe src="javascript:alert(1)"></iframe>',
	'<object data="javascript:alert(1)"></object>',
	'<embed src="javascript:alert(1)">',
	'<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
	'<details open ontoggle="window.__xss=1"><summary>x</summary></details>',
	'<body onload="window.__xss=1">',
	'<input autofocus onfocus="window.__xss=1">',
	'<div style="background:url(javascript:alert(1))">styled</div>',
	'<base href="javascript:alert(1)//">',
	'<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
	'<svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">svg link</text></a></svg>',
	'<svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"></animate></svg>',
	'<img src="x` `<script>window.__xss=1</script>"` `>',
	// Last: these unclosed constructs may swallow what follows them (harmlessly).
	'<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
	'<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

/** Text fields (not markdown): a visible marker, then markup that must stay text. */
const text = (marker: string) => `${marker} "><script>window.__xss=1</script><img src=x onerror=alert(1)>`;

const MARK = {
	articleTitle: 'XSSARTICLETITLE',
	articleExcerpt: 'XSSARTICLEEXCERPT',
	articleBody: 'XSSARTICLEBODY',
	pageTitle: 'XSSPAGETITLE',
	pageBody: 'XSSPAGEBODY',
	platformName: 'XSSPLATFORM',
	platformDescription: 'XSSDESCRIPTION',
	platformPricing: 'XSSPRICING',
	platformPro: 'XSSPRO',
	platformCon: 'XSSCON',
	platformFeature: 'XSSFEATURE',
	review: 'XSSREVIEW',
	comment: 'XSSCOMMENT',
};

let server: TestServer;
let browser: Browser;
let editor: TestClient;
let author: Registered;
let ids: { article: number; platform: number; comment: number };

const articleTitle = text(MARK.articleTitle);

beforeAll(async () => {
	[server, browser] = await Promise.all([startSecurityServer(), launchBrowser()]);
	editor = new TestClient(server.url);
	expect((await editor.login(DEMO.editor.email, DEMO.editor.password)).status).toBe(200);

	const article = await editor.post('/api/news', {
		title: articleTitle,
		excerpt: text(MARK.articleExcerpt),
		content: [`# ${MARK.articleBody}`, ...MARKDOWN_PAYLOADS].join('\n\n'),
		category: 'Industry News',
		imageUrl: 'https://example.com/cover.png?"><script>window.__xss=1</script>',
		tags: ['<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'],
		readTime: 3,
		isPublished: true,
	});
	expect(article.status, JSON.stringify(article.body)).toBe(201);

	const page = await editor.put('/api/pages/about-us', {
		title: text(MARK.pageTitle),
		content: [`# ${MARK.pageBody}`, ...MARKDOWN_PAYLOADS].join('\n\n'),
	});
	expect(page.status, JSON.stringify(page.body)).toBe(200);

	const platform = await editor.post('/api/admin/platforms', {
		name: text(MARK.platformName),
		category: 'DSP',
		description: text(MARK.platformDescription),
		pricing: text(MARK.platformPricing),
		// No spaces: a logo path with whitespace is refused as an address, before any escaping.
		logo: '/images/logos/x.svg"onerror="window.__xss=1',
		websiteUrl: 'https://example.com/?q="><script>window.__xss=1</script>',
		features: [text(MARK.platformFeature)],
		pros: [text(MARK.platformPro)],
		cons: [text(MARK.platformCon)],
		isRecommended: true,
		sortOrder: -1_000_000,
	});
	expect(platform.status, JSON.stringify(platform.body)).toBe(201);

	author = await registerUser(server);
	const rated = await author.client.post(`/api/platforms/${platform.body.id}/ratings`, {
		rating: 5,
		review: [text(MARK.review), ...MARKDOWN_PAYLOADS.slice(0, 20)].join('\n'),
	});
	expect(rated.status, JSON.stringify(rated.body)).toBe(201);
	const comment = await author.client.post(`/api/platforms/${platform.body.id}/comments`, {
		comment: [text(MARK.comment), ...MARKDOWN_PAYLOADS.slice(0, 20)].join('\n'),
	});
	expect(comment.status, JSON.stringify(comment.body)).toBe(201);
	const approved = await editor.patch(`/api/admin/comments/${comment.body.id}/moderate`, {
		status: 'approved',
	});
	expect(approved.status, JSON.stringify(approved.body)).toBe(200);

	ids = { article: article.body.id, platform: platform.body.id, comment: comment.body.id };
	await server.siteIdle();
}, 180_000);

afterAll(async () => {
	await browser?.close();
	await server?.stop();
});

describe('the API refuses what must never be stored', () => {
	it('refuses usernames with markup (only letters, digits, . _ - are allowed)', async () => {
		for (const username of [
			'<script>',
			'<svg/onload=alert(1)>',
			'"><img src=x>',
			'a b',
			"x'y",
			'java:script',
		]) {
			const answer = await new TestClient(server.url).post('/api/register', {
				email: `u${Math.random().toString(36).slice(2)}@example.com`,
				username,
				password: 'secret-pass-1',
			});
			expect(answer.status, username).toBe(400);
			expect(answer.headers.get('x-invalid-field')).toBe('username');
		}
	});

	it('refuses emails with markup', async () => {
		const answer = await new TestClient(server.url).post('/api/register', {
			email: '"<script>alert(1)</script>"@example.com',
			username: 'fine_name',
			password: 'secret-pass-1',
		});
		expect(answer.status).toBe(400);
	});

	it.each([
		['websiteUrl', 'javascript:alert(1)'],
		['websiteUrl', 'JAVASCRIPT:alert(1)'],
		['websiteUrl', ' javascript:alert(1)'],
		['websiteUrl', 'data:text/html,<script>alert(1)</script>'],
		['websiteUrl', 'vbscript:msgbox(1)'],
		['logo', 'javascript:alert(1)'],
		['logo', 'data:image/svg+xml,<svg onload=alert(1)>'],
		['logo', '//evil.example/logo.png'],
	])('refuses a platform %s of %s', async (field, value) => {
		const answer = await editor.post('/api/admin/platforms', {
			name: 'Refused',
			category: 'DSP',
			description: 'x',
			pricing: 'x',
			[field]: value,
		});
		expect(answer.status).toBe(400);
		expect(answer.headers.get('x-invalid-field')).toBe(field);
	});

	it.each([
		'javascript:alert(1)',
		'data:image/svg+xml,<svg onload=alert(1)>',
		'//evil.example/a.png',
		'/\\evil.example/a.png',
		'vbscript:x',
	])('refuses an article image URL of %s', async (imageUrl) => {
		const answer = await editor.post('/api/news', {
			title: 'Refused',
			excerpt: 'x',
			content: 'x',
			category: 'Industry News',
			imageUrl,
		});
		expect(answer.status).toBe(400);
		expect(answer.headers.get('x-invalid-field')).toBe('imageUrl');
	});
});

// ---------------------------------------------------------------- the browser

type Findings = { problems: string[]; text: string };

/** Everything on the page that could run a payload or send the reader to a script URL. */
async function inspect(page: Page): Promise<Findings> {
	return page.evaluate(() => {
		const problems: string[] = [];
		const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'irc:', 'ircs:', 'xmpp:']);
		const where = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;
		const scheme = (value: string) => {
			try {
				return new URL(value, document.baseURI).protocol;
			} catch {
				return 'unparsable:';
			}
		};
		for (const el of Array.from(document.querySelectorAll('*'))) {
			for (const attr of Array.from(el.attributes)) {
				const name = attr.name.toLowerCase();
				if (name.startsWith('on')) problems.push(`${where(el)} has ${name}="${attr.value}"`);
				if (['href', 'xlink:href', 'action', 'formaction', 'cite', 'background', 'data'].includes(name)) {
					if (!LINK_SCHEMES.has(scheme(attr.value))) problems.push(`${where(el)} ${name}="${attr.value}"`);
				}
				if (['src', 'poster'].includes(name)) {
					const protocol = scheme(attr.value);
					const ownDataImage =
						/^data:image\/(png|gif|jpeg|webp|svg\+xml)[;,]/i.test(attr.value) &&
						!/script|__xss|onload|onerror/i.test(attr.value);
					if (protocol !== 'http:' && protocol !== 'https:' && !(protocol === 'data:' && ownDataImage)) {
						problems.push(`${where(el)} ${name}="${attr.value.slice(0, 80)}"`);
					}
				}
			}
		}
		for (const tag of ['iframe', 'frame', 'object', 'embed', 'base', 'meta[http-equiv="refresh" i]']) {
			if (document.querySelector(tag)) problems.push(`a ${tag} element exists`);
		}
		for (const script of Array.from(document.querySelectorAll('script'))) {
			const type = (script.getAttribute('type') ?? '').toLowerCase();
			if (type === 'application/ld+json') {
				try {
					JSON.parse(script.textContent ?? '');
				} catch {
					problems.push('a JSON-LD block is no longer valid JSON');
				}
			} else if (/__xss|alert\(/.test(script.textContent ?? '')) {
				problems.push(`an executable <script${type ? ` type=${type}` : ''}> holds a payload`);
			}
		}
		if ((window as { __xss?: unknown }).__xss !== undefined) problems.push('window.__xss was set');
		return { problems, text: document.body.innerText };
	});
}

let contexts: BrowserContext[] = [];

/** A page in a context that ignores the CSP, recording any dialog a payload opens. */
async function openPage(signedIn: boolean): Promise<{ page: Page; dialogs: string[] }> {
	const context = await browser.newContext({
		baseURL: server.url,
		bypassCSP: true,
		viewport: { width: 1280, height: 900 },
	});
	contexts.push(context);
	context.setDefaultTimeout(15_000);
	// Nothing leaves the test server (cover images and logos point at example.com).
	await context.route('**/*', (route) =>
		route.request().url().startsWith(server.url) ? route.continue() : route.abort('blockedbyclient'),
	);
	if (signedIn) await signInAs(context, DEMO.editor.email, DEMO.editor.password);
	const page = await context.newPage();
	const dialogs: string[] = [];
	page.on('dialog', (dialog) => {
		dialogs.push(`${dialog.type()}: ${dialog.message()}`);
		void dialog.dismiss();
	});
	return { page, dialogs };
}

afterAll(async () => {
	await Promise.all(contexts.map((context) => context.close().catch(() => {})));
	contexts = [];
});

/** Opens a path, lets every island hydrate (scrolling the lazy ones into view) and settle. */
async function visit(page: Page, path: string): Promise<void> {
	const response = await page.goto(path);
	expect(response?.status(), path).toBe(200);
	await page.evaluate(async () => {
		for (let y = 0; y < document.body.scrollHeight; y += 500) {
			window.scrollTo(0, y);
			await new Promise((resolve) => setTimeout(resolve, 30));
		}
		window.scrollTo(0, document.body.scrollHeight);
	});
	await hydrateIslands(page);
	await page.waitForLoadState('networkidle');
}

async function expectClean(page: Page, dialogs: string[], markers: string[], label: string): Promise<void> {
	// Give delayed handlers (onfocus, animations, image errors) a moment to fire.
	await page.waitForTimeout(300);
	const { problems, text: visible } = await inspect(page);
	expect(dialogs, `${label}: dialogs opened`).toEqual([]);
	expect(problems, `${label}: unsafe markup`).toEqual([]);
	for (const marker of markers) expect(visible, `${label} does not show ${marker}`).toContain(marker);
}

describe('the page inspector', () => {
	it('catches unsanitised payloads (so a clean result means something)', async () => {
		const { page, dialogs } = await openPage(false);
		await page.setContent(
			`<p>XSSMARK</p><a href="javascript:void 0">x</a><a href="java&#x09;script:void 0">y</a><div onclick="x()">z</div>` +
				`<img src="data:text/html,x"><iframe src="about:blank"></iframe><script>window.__xss = 1</script>`,
		);
		const { problems, text: visible } = await inspect(page);
		expect(visible).toContain('XSSMARK');
		expect(problems).toEqual(
			expect.arrayContaining([
				'<a> href="javascript:void 0"',
				'<a> href="java\tscript:void 0"',
				'<div> has onclick="x()"',
				'<img> src="data:text/html,x"',
				'a iframe element exists',
				'an executable <script> holds a payload',
				'window.__xss was set',
			]),
		);
		expect(dialogs).toEqual([]);
	});
});

describe('public pages show the payloads as harmless text', () => {
	it.each([
		['/news/{article}', [MARK.articleTitle, MARK.articleBody]],
		['/about', [MARK.pageTitle, MARK.pageBody]],
		[
			'/platforms/{platform}',
			[
				MARK.platformName,
				MARK.platformDescription,
				MARK.platformPricing,
				MARK.platformPro,
				MARK.platformCon,
				MARK.review,
				MARK.comment,
			],
		],
		['/platforms', [MARK.platformName]],
		['/compare?platforms={platform}', [MARK.platformName]],
		['/', [MARK.articleTitle]],
	])('%s', async (template, markers) => {
		const path = template
			.replace('{article}', String(ids.article))
			.replace('{platform}', String(ids.platform));
		const { page, dialogs } = await openPage(false);
		await visit(page, path);
		await expectClean(page, dialogs, markers, path);
	});

	it('the article page keeps the safe links of the body', async () => {
		const { page } = await openPage(false);
		await visit(page, `/news/${ids.article}`);
		const hrefs = await page
			.locator('.markdown a')
			.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
		expect(hrefs).toContain('/relative/ok');
		expect(hrefs).toContain('https://example.com/ok');
	});
});

describe('the editor dashboard shows the payloads as harmless text', () => {
	const TABS: Array<[string, string[]]> = [
		['Overview', []],
		['Platforms', [MARK.platformName]],
		['News', [MARK.articleTitle]],
		['Education', []],
		['Pages', [MARK.pageTitle]],
		['Comments', [MARK.comment]],
		['Users', []], // plus the author's name, known once the server runs
	];

	it('on every tab', async () => {
		const { page, dialogs } = await openPage(true);
		await visit(page, '/editor-dashboard');
		for (const [tab, markers] of TABS) {
			await page.getByRole('tab', { name: tab, exact: true }).click();
			await page.waitForLoadState('networkidle');
			// The Comments tab opens on Pending; the payload comment may be in any state.
			if (tab === 'Comments') await page.getByLabel('Status').selectOption({ label: 'All' });
			const expected = tab === 'Users' ? [...markers, author.username] : markers;
			for (const marker of expected) await page.getByText(marker).first().waitFor();
			await expectClean(page, dialogs, expected, `dashboard tab ${tab}`);
		}
	});

	it('in the markdown preview of the article editor', async () => {
		const { page, dialogs } = await openPage(true);
		await visit(page, '/editor-dashboard');
		await page.getByRole('tab', { name: 'News', exact: true }).click();
		await page.getByRole('button', { name: `Edit ${articleTitle}` }).click();
		const dialog = page.getByRole('dialog');
		await dialog.getByRole('tab', { name: 'Preview', exact: true }).click();
		await dialog.getByRole('heading', { name: MARK.articleBody }).waitFor();
		await expectClean(page, dialogs, [MARK.articleBody], 'article preview');
	});
});

describe('feeds stay well-formed with the payloads as text', () => {
	async function parseXml(path: string): Promise<{ ok: boolean; scripts: number; titles: string[] }> {
		const response = await fetch(`${server.url}${path}`);
		expect(response.status, path).toBe(200);
		const xml = await response.text();
		const { page } = await openPage(false);
		return page.evaluate((source) => {
			const doc = new DOMParser().parseFromString(source, 'application/xml');
			return {
				ok: doc.getElementsByTagName('parsererror').length === 0,
				scripts: doc.getElementsByTagName('script').length + doc.getElementsByTagName('img').length,
				titles: Array.from(doc.getElementsByTagName('title')).map((t) => t.textContent ?? ''),
			};
		}, xml);
	}

	it('/rss', async () => {
		const feed = await parseXml('/rss');
		expect(feed.ok).toBe(true);
		expect(feed.scripts).toBe(0);
		expect(feed.titles).toContain(articleTitle);
	});

	it('/sitemap.xml', async () => {
		const sitemap = await parseXml('/sitemap.xml');
		expect(sitemap.ok).toBe(true);
		expect(sitemap.scripts).toBe(0);
	});
});
