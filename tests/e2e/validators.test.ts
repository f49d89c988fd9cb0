/**
 * The outside validators over every page of the seeded site: axe-core (WCAG 2.2 AA and best
 * practices, with Label in Name on: tests/support/axe.ts) in the
 * browser, signed out and signed in, at desktop and phone width, with the header menus and the
 * phone side panel open; and the W3C Nu HTML Checker (vnu.jar, run once with Debian's Java over
 * every page's server HTML and its DOM after hydration). Any error or violation fails.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TABS } from '@/components/dashboard/dashboard-tabs';
import { axeBuilder } from '../support/axe';
import { gotoHydrated, launchBrowser, newPage } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { EDITOR } from '../support/dashboard-helpers';

const VNU_JAR = join(
	dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
	'build/dist/vnu.jar',
);
const JAVA = process.env.JAVA_PATH ?? 'java';

let server: TestServer;
let browser: Browser;
let htmlDir: string;

type Viewer = { name: string; signedIn: boolean; mobile: boolean; context?: BrowserContext; page?: Page };
const VIEWERS: Viewer[] = [
	{ name: 'visitor-desktop', signedIn: false, mobile: false },
	{ name: 'visitor-phone', signedIn: false, mobile: true },
	{ name: 'editor-desktop', signedIn: true, mobile: false },
	{ name: 'editor-phone', signedIn: true, mobile: true },
];

/** Public pages (from the sitemap) and the pages the sitemap leaves out (search results, a category view). */
async function sitePaths(): Promise<string[]> {
	const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
	const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
	expect(listed.length).toBeGreaterThan(20);
	return [
		...new Set([
			...listed,
			'/auth',
			'/profile',
			'/reset-password?token=abc',
			'/no-such-page',
			'/admin/platforms',
			'/search?q=retail',
			'/news?category=Trends',
		]),
	];
}

function fileName(viewer: string, path: string, state = ''): string {
	return `${viewer}${path.replace(/[^a-z0-9]+/gi, '_')}${state}.html`;
}

/** Waits until the page stops fetching (islands load their data after hydration). */
async function settle(page: Page) {
	await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

async function axeViolations(page: Page, label: string): Promise<string[]> {
	const analyze = () => axeBuilder(page).analyze();
	let results: Awaited<ReturnType<typeof analyze>>;
	try {
		results = await analyze();
	} catch (error) {
		// A page that navigates on its own (a redirect after its data loaded) ends axe's run with
		// "Execution context was destroyed": check the page it settled on, once.
		if (!/context was destroyed|navigat/i.test((error as Error).message)) {
			return [`${label}: axe could not run: ${(error as Error).message.split('\n')[0]}`];
		}
		await page.waitForLoadState('load');
		await settle(page);
		try {
			results = await analyze();
		} catch (again) {
			return [`${label}: axe could not run: ${(again as Error).message.split('\n')[0]}`];
		}
	}
	return results.violations.map(
		(violation) =>
			`${label}: ${violation.id} (${violation.help}) at ${violation.nodes
				.slice(0, 3)
				.map((node) => node.target.join(' '))
				.join(', ')}`,
	);
}

/** Opens a path as one viewer, checks it with axe and saves its DOM for the HTML checker. */
async function checkPage(viewer: Viewer, path: string): Promise<string[]> {
	const page = viewer.page!;
	try {
		await gotoHydrated(page, path);
	} catch (error) {
		return [`${path} [${viewer.name}]: did not load: ${(error as Error).message.split('\n')[0]}`];
	}
	await settle(page);
	const label = `${path} [${viewer.name}]`;
	const problems = await axeViolations(page, label);
	writeFileSync(join(htmlDir, fileName(viewer.name, path, '.dom')), await page.content());
	return problems;
}

/** The open states of the header: each drop-down menu (desktop) or the side panel (phone). */
async function checkOpenHeader(viewer: Viewer, path: string): Promise<string[]> {
	const page = viewer.page!;
	try {
		await gotoHydrated(page, path);
	} catch (error) {
		return [`${path} [${viewer.name}]: did not load: ${(error as Error).message.split('\n')[0]}`];
	}
	await settle(page);
	const problems: string[] = [];
	if (viewer.mobile) {
		await page.getByRole('button', { name: 'Open menu' }).click();
		await page.locator('#mobile-nav').waitFor();
		problems.push(...(await axeViolations(page, `${path} [${viewer.name}, side panel open]`)));
		return problems;
	}
	const buttons = page.locator('header [data-menu-button]:visible');
	for (let index = 0; index < (await buttons.count()); index++) {
		const button = buttons.nth(index);
		const name = (await button.innerText()).trim();
		// The keyboard, not a click: a click may land after the hover has opened the menu.
		await button.focus();
		await page.keyboard.press('Enter');
		await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
		problems.push(...(await axeViolations(page, `${path} [${viewer.name}, menu "${name}" open]`)));
		await page.keyboard.press('Escape');
	}
	return problems;
}

beforeAll(async () => {
	[server, browser] = await Promise.all([startServer({ seed: true }), launchBrowser()]);
	await server.siteIdle();
	htmlDir = mkdtempSync(join(tmpdir(), 'rmh-html-'));
	for (const viewer of VIEWERS) {
		const opened = await newPage(browser, server.url, { mobile: viewer.mobile });
		if (viewer.signedIn) {
			const response = await opened.context.request.post('/api/login', { data: EDITOR });
			expect(response.ok()).toBe(true);
		}
		Object.assign(viewer, opened);
	}
});

afterAll(async () => {
	await browser?.close();
	await server?.stop();
	if (htmlDir) rmSync(htmlDir, { recursive: true, force: true });
});

// Paths are known only once the seeded server runs; vitest collects tests before that, so the
// pages are checked in a fixed number of slices (each its own test, with its own time limit).
const SLICES = 8;
let paths: Promise<string[]> | undefined;
const allPaths = () => (paths ??= sitePaths());

/** '/news/12' and '/news/13' share the template '/news/*'; '/about' is its own. */
function templateOf(path: string): string {
	const [pathname] = path.split('?');
	return pathname!.split('/').length > 2 ? pathname!.replace(/\/[^/]+$/, '/*') : pathname!;
}

/**
 * Every page is checked signed out and signed in, at desktop and at phone width. The first page
 * of each template (the first article, the first platform, every single page) gets all four
 * combinations; the other pages of a template, built from the same components with other data,
 * get two that together still cover both states and both widths, alternating which pair, so
 * the run stays within the suite's time on a 2-core machine.
 */
const seenTemplates = new Map<string, number>();
function viewersFor(path: string): Viewer[] {
	const template = templateOf(path);
	const seen = seenTemplates.get(template) ?? 0;
	seenTemplates.set(template, seen + 1);
	if (seen === 0) return VIEWERS;
	const pair = seen % 2 === 1 ? ['visitor-desktop', 'editor-phone'] : ['visitor-phone', 'editor-desktop'];
	return VIEWERS.filter((viewer) => pair.includes(viewer.name));
}

describe('axe-core, WCAG 2.2 AA', () => {
	for (let slice = 0; slice < SLICES; slice++) {
		it(`finds no violation on any page, for any viewer (pages, part ${slice + 1} of ${SLICES})`, {
			timeout: 900_000,
		}, async () => {
			const mine = (await allPaths()).filter((_path, index) => index % SLICES === slice);
			const problems: string[] = [];
			for (const path of mine) {
				// The server's own HTML, for the HTML checker (what crawlers and validators see).
				const response = await fetch(`${server.url}${path}`);
				writeFileSync(join(htmlDir, fileName('server', path)), await response.text());
				// The chosen viewers in parallel, each on its own page.
				const found = await Promise.all(viewersFor(path).map((viewer) => checkPage(viewer, path)));
				problems.push(...found.flat());
			}
			expect(problems).toEqual([]);
		});
	}

	it('finds no violation on any tab of the editor dashboard', { timeout: 300_000 }, async () => {
		const problems: string[] = [];
		for (const tab of DASHBOARD_TABS) {
			const path = `/editor-dashboard?tab=${tab.id}`;
			const editors = VIEWERS.filter((viewer) => viewer.signedIn);
			problems.push(...(await Promise.all(editors.map((viewer) => checkPage(viewer, path)))).flat());
		}
		expect(problems).toEqual([]);
	});

	it('finds no violation with the header menus or the side panel open', { timeout: 300_000 }, async () => {
		const problems: string[] = [];
		for (const path of ['/', '/auth']) {
			problems.push(...(await Promise.all(VIEWERS.map((viewer) => checkOpenHeader(viewer, path)))).flat());
		}
		expect(problems).toEqual([]);
	});
});

describe('W3C Nu HTML Checker', () => {
	it('finds no error in any page (server HTML and hydrated DOM)', { timeout: 300_000 }, async () => {
		let output: string;
		try {
			const result = await promisify(execFile)(
				JAVA,
				['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--skip-non-html', htmlDir],
				{ maxBuffer: 64 * 1024 * 1024 },
			);
			output = result.stderr || result.stdout;
		} catch (error) {
			// vnu exits 1 when it found errors; its JSON report is on stderr either way.
			const failed = error as { stderr?: string; stdout?: string; code?: number };
			output = failed.stderr || failed.stdout || '';
			if (!output.trim().startsWith('{')) throw error;
		}
		const report = JSON.parse(output) as {
			messages: { type: string; url?: string; message: string; extract?: string; lastLine?: number }[];
		};
		const errors = report.messages
			.filter((message) => message.type === 'error' || message.type === 'non-document-error')
			.map((message) => `${message.url?.split('/').pop()}:${message.lastLine}: ${message.message}`);
		expect(errors).toEqual([]);
	});
});
