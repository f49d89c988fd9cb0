/**
 * JavaScript per page: loads each page in Debian's Chromium and records every script response
 * (entry scripts, modulepreloads and chunks imported during load and a short idle wait), gzips
 * each body itself (level 9, so the figure does not depend on how the server compressed it), and
 * reads the HTML for scripts that block the first render.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--no-first-run',
	'--disable-sync',
];

/** What a React DOM bundle carries whatever the minifier does. */
export const REACT_RUNTIME = /@license React|react\.dev\/errors\//;

export type ScriptFigure = { url: string; bytes: number; gzipBytes: number; react: boolean };

export type PageWeight = {
	path: string;
	status: number | null;
	error?: string;
	/** Where the page ended up when it navigated on by itself (e.g. a sign-in redirect). */
	finalPath?: string;
	signedIn?: boolean;
	scripts: ScriptFigure[];
	externalGzipBytes: number;
	inlineScripts: number;
	inlineGzipBytes: number;
	totalGzipBytes: number;
	react: boolean;
	blocking: string[];
	/** Console errors and uncaught exceptions during load (Lighthouse's best practices count them). */
	consoleErrors: string[];
};

const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

type ScriptTag = { attrs: string; body: string; index: number };

function scriptTags(html: string): ScriptTag[] {
	const clean = html.replace(/<!--[\s\S]*?-->/g, (comment) => ' '.repeat(comment.length));
	const tags: ScriptTag[] = [];
	for (const match of clean.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
		tags.push({ attrs: match[1] ?? '', body: match[2] ?? '', index: match.index ?? 0 });
	}
	return tags;
}

const attr = (attrs: string, name: string) =>
	attrs.match(new RegExp(`\\b${name}\\s*(?:=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i'));

function isExecutable(attrs: string): boolean {
	const type = attr(attrs, 'type');
	const value = (type?.[2] ?? type?.[3] ?? type?.[4] ?? '').toLowerCase();
	return !type || value === '' || value === 'module' || /javascript|ecmascript/.test(value);
}

function isModule(attrs: string): boolean {
	const type = attr(attrs, 'type');
	return (type?.[2] ?? type?.[3] ?? type?.[4] ?? '').toLowerCase() === 'module';
}

/**
 * Scripts that hold up the first render: a classic <script src> in <head> without async, defer
 * or type=module, and any classic inline script that comes before the first element of <body>
 * content (modules are deferred by definition).
 */
export function renderBlockingScripts(html: string): string[] {
	const headEnd = html.search(/<\/head\s*>/i);
	const bodyStart = html.search(/<body\b/i);
	const afterBody = bodyStart >= 0 ? html.slice(bodyStart).search(/>\s*<(?!script\b)[a-z]/i) : -1;
	const contentStart = afterBody >= 0 ? bodyStart + afterBody : headEnd;
	const blocking: string[] = [];
	for (const tag of scriptTags(html)) {
		if (!isExecutable(tag.attrs) || isModule(tag.attrs)) continue;
		const src = attr(tag.attrs, 'src');
		if (src) {
			const inHead = headEnd < 0 || tag.index < headEnd;
			if (inHead && !attr(tag.attrs, 'async') && !attr(tag.attrs, 'defer')) {
				blocking.push(`<script src=${src[2] ?? src[3] ?? src[4]}> in <head>`);
			}
		} else if (tag.body.trim() && contentStart >= 0 && tag.index < contentStart) {
			blocking.push(`inline script (${tag.body.length} bytes) before content`);
		}
	}
	return blocking;
}

function inlineScripts(html: string): string[] {
	return scriptTags(html)
		.filter((tag) => isExecutable(tag.attrs) && !attr(tag.attrs, 'src') && tag.body.trim())
		.map((tag) => tag.body);
}

export async function launchChromium(): Promise<Browser> {
	return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Measures one page; a page that does not answer 200 is reported with its status. */
export async function measurePage(
	browser: Browser,
	origin: string,
	path: string,
	{ cookie }: { cookie?: string } = {},
): Promise<PageWeight> {
	const context = await browser.newContext();
	if (cookie) {
		await context.addCookies(
			cookie.split('; ').map((pair) => {
				const [name, ...value] = pair.split('=');
				return { name: name!, value: value.join('='), url: origin };
			}),
		);
	}
	const page = await context.newPage();
	const bodies = new Map<string, Promise<Buffer | null>>();
	page.on('response', (response) => {
		if (response.request().resourceType() !== 'script') return;
		bodies.set(
			response.url(),
			response.body().catch(() => null),
		);
	});
	const result: PageWeight = {
		path,
		status: null,
		scripts: [],
		externalGzipBytes: 0,
		inlineScripts: 0,
		inlineGzipBytes: 0,
		totalGzipBytes: 0,
		react: false,
		blocking: [],
		consoleErrors: [],
		...(cookie ? { signedIn: true } : {}),
	};
	page.on('console', (message) => {
		if (message.type() === 'error') result.consoleErrors.push(message.text().slice(0, 200));
	});
	page.on('pageerror', (error) => result.consoleErrors.push(error.message.slice(0, 200)));
	try {
		const response = await page.goto(origin + path, { waitUntil: 'load', timeout: 60_000 });
		result.status = response?.status() ?? null;
		// Islands hydrated on idle import their chunks after load: give them a moment.
		await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
		await page.waitForTimeout(1000);
		await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
		// The document's own bytes; a page that navigated on by itself has let go of them.
		const html = response
			? await response
					.text()
					.catch(() => fetch(origin + path, { headers: cookie ? { cookie } : {} }).then((r) => r.text()))
			: '';
		if (page.url() !== origin + path) result.finalPath = new URL(page.url()).pathname;
		for (const [url, body] of bodies) {
			const data = await body;
			if (!data) continue;
			const text = data.toString('utf8');
			result.scripts.push({
				url: new URL(url).pathname,
				bytes: data.length,
				gzipBytes: gz(data),
				react: REACT_RUNTIME.test(text),
			});
		}
		const inline = inlineScripts(html);
		result.inlineScripts = inline.length;
		result.inlineGzipBytes = inline.length ? gz(inline.join('\n')) : 0;
		result.externalGzipBytes = result.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
		result.totalGzipBytes = result.externalGzipBytes + result.inlineGzipBytes;
		result.react = result.scripts.some((s) => s.react) || inline.some((s) => REACT_RUNTIME.test(s));
		result.blocking = renderBlockingScripts(html);
	} catch (error) {
		result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
	} finally {
		await context.close();
	}
	return result;
}
