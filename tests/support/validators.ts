/**
 * The outside validators over every page of the seeded site: axe-core (WCAG 2.2 AA and best
 * practices, with Label in Name on: tests/support/axe.ts) in the browser, signed out and signed
 * in, at desktop and phone width, with the header menus and the phone side panel open; and the
 * W3C Nu HTML Checker (vnu.jar, run with Debian's Java over each checked page's server HTML and
 * its DOM after hydration). Any error or violation fails.
 *
 * The pages are shared out over the files in tests/e2e/validators/ (each a server, a browser and
 * four viewers of its own), so that the suite's two workers share them instead of one worker
 * spending a quarter of an hour on them in one file.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeBuilder } from './axe';
import { gotoHydrated, launchBrowser, newPage } from './browser';
import { EDITOR } from './dashboard-helpers';
import { startServer, type TestServer } from './server';

const VNU_JAR = join(
	dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
	'build/dist/vnu.jar',
);
const JAVA = process.env.JAVA_PATH ?? 'java';

export type Viewer = {
	name: string;
	signedIn: boolean;
	mobile: boolean;
	context?: BrowserContext;
	page?: Page;
};
export type ViewerName = 'visitor-desktop' | 'visitor-phone' | 'editor-desktop' | 'editor-phone';

/** One validators file's server, browser, viewers and folder of HTML for the checker. */
export type Validation = { server: TestServer; viewers: Viewer[]; htmlDir: string };

/**
 * Starts the file's seeded server, its browser and the four viewers (the editors signed in), and
 * stops them after the file. The returned object is filled in before the file's first test.
 */
export function validationPerFile(): Validation {
	const validation = { viewers: [] as Viewer[] } as Validation;
	let browser: Browser | undefined;
	beforeAll(async () => {
		let server: TestServer;
		[server, browser] = await Promise.all([startServer({ seed: true }), launchBrowser()]);
		await server.siteIdle();
		validation.server = server;
		validation.htmlDir = mkdtempSync(join(tmpdir(), 'rmh-html-'));
		validation.viewers = [
			{ name: 'visitor-desktop', signedIn: false, mobile: false },
			{ name: 'visitor-phone', signedIn: false, mobile: true },
			{ name: 'editor-desktop', signedIn: true, mobile: false },
			{ name: 'editor-phone', signedIn: true, mobile: true },
		];
		for (const viewer of validation.viewers) {
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
		await validation.server?.stop();
		if (validation.htmlDir) rmSync(validation.htmlDir, { recursive: true, force: true });
	});
	return validation;
}

/** Public pages (from the sitemap) and the pages the sitemap leaves out (search results, a category view). */
async function sitePaths(server: TestServer): Promise<string[]> {
	const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
	const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
	expect(listed.length).toBeGreaterThan(20);
	return [
		...new Set([
			...sampleRepeated(listed),
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

/**
 * Comparison and alternatives pages come one per platform pair and per platform, each the same
 * template with other names: the first two of each stand for the rest (the first gets every
 * viewer, both widths), so the run stays within its time.
 */
const SAMPLED = [/^\/compare\/[^/]+$/, /^\/platforms\/[^/]+\/alternatives$/];
function sampleRepeated(paths: string[]): string[] {
	const seen = SAMPLED.map(() => 0);
	return paths.filter((path) => {
		const kind = SAMPLED.findIndex((pattern) => pattern.test(path));
		if (kind === -1) return true;
		seen[kind]! += 1;
		return seen[kind]! <= 2;
	});
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

/** Opens a path as one viewer and waits for it to settle; answers the problem when it did not load. */
async function openSettled(viewer: Viewer, path: string): Promise<string | null> {
	try {
		await gotoHydrated(viewer.page!, path);
	} catch (error) {
		return `${path} [${viewer.name}]: did not load: ${(error as Error).message.split('\n')[0]}`;
	}
	await settle(viewer.page!);
	return null;
}

/** Opens a path as one viewer, checks it with axe and saves its DOM for the HTML checker. */
async function checkPage(validation: Validation, viewer: Viewer, path: string): Promise<string[]> {
	const page = viewer.page!;
	const failed = await openSettled(viewer, path);
	if (failed) return [failed];
	const label = `${path} [${viewer.name}]`;
	const problems = await axeViolations(page, label);
	writeFileSync(join(validation.htmlDir, fileName(viewer.name, path, '.dom')), await page.content());
	return problems;
}

/** The open states of the header: each drop-down menu (desktop) or the side panel (phone). */
async function checkOpenHeader(viewer: Viewer, path: string): Promise<string[]> {
	const page = viewer.page!;
	const failed = await openSettled(viewer, path);
	if (failed) return [failed];
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

/**
 * '/news/12' and '/news/13' share the template '/news/*'; '/about' is its own; every
 * '/platforms/{slug}/alternatives' shares '/platforms/*\/alternatives'.
 */
function templateOf(path: string): string {
	const [pathname] = path.split('?');
	const parts = pathname!.split('/');
	if (parts.length > 3) return [...parts.slice(0, 2), '*', ...parts.slice(3)].join('/');
	return parts.length > 2 ? pathname!.replace(/\/[^/]+$/, '/*') : pathname!;
}

/**
 * Every page is checked signed out and signed in, at desktop and at phone width. The first page
 * of each template (the first article, the first platform, every single page) gets all four
 * combinations; the other pages of a template, built from the same components with other data,
 * get two that together still cover both states and both widths, alternating which pair, so
 * the run stays within the suite's time on a 2-core machine. Decided over the whole list, so
 * every file gives a page the same viewers.
 */
function viewersByPath(paths: string[]): Map<string, ViewerName[]> {
	const seenTemplates = new Map<string, number>();
	const chosen = new Map<string, ViewerName[]>();
	for (const path of paths) {
		const template = templateOf(path);
		const seen = seenTemplates.get(template) ?? 0;
		seenTemplates.set(template, seen + 1);
		chosen.set(
			path,
			seen === 0
				? ['visitor-desktop', 'visitor-phone', 'editor-desktop', 'editor-phone']
				: seen % 2 === 1
					? ['visitor-desktop', 'editor-phone']
					: ['visitor-phone', 'editor-desktop'],
		);
	}
	return chosen;
}

/** How many slices the site's pages are cut into, over all the validators files. */
export const PAGE_SLICES = 8;

/**
 * The tests of some slices of the site's pages (by index modulo PAGE_SLICES). Paths are known
 * only once the seeded server runs; vitest collects tests before that, so each slice is a test
 * of its own, with its own time limit.
 */
export function checksPageSlices(validation: Validation, slices: number[]): void {
	let assigned: Promise<{ paths: string[]; viewers: Map<string, ViewerName[]> }> | undefined;
	const site = () =>
		(assigned ??= sitePaths(validation.server).then((paths) => ({ paths, viewers: viewersByPath(paths) })));
	for (const slice of slices) {
		it(`finds no violation on any page, for any viewer (pages, part ${slice + 1} of ${PAGE_SLICES})`, {
			timeout: 900_000,
		}, async () => {
			const { paths, viewers } = await site();
			const mine = paths.filter((_path, index) => index % PAGE_SLICES === slice);
			expect(mine.length).toBeGreaterThan(0);
			const problems: string[] = [];
			for (const path of mine) {
				// The server's own HTML, for the HTML checker (what crawlers and validators see).
				const response = await fetch(`${validation.server.url}${path}`);
				writeFileSync(join(validation.htmlDir, fileName('server', path)), await response.text());
				// The chosen viewers in parallel, each on its own page.
				const names = viewers.get(path)!;
				const chosen = validation.viewers.filter((viewer) => names.includes(viewer.name as ViewerName));
				const found = await Promise.all(chosen.map((viewer) => checkPage(validation, viewer, path)));
				problems.push(...found.flat());
			}
			expect(problems).toEqual([]);
		});
	}
}

/** axe on every tab of the editor dashboard, for both signed-in viewers. */
export async function dashboardTabViolations(validation: Validation, tabs: readonly { id: string }[]) {
	const problems: string[] = [];
	const editors = validation.viewers.filter((viewer) => viewer.signedIn);
	for (const tab of tabs) {
		const path = `/editor-dashboard?tab=${tab.id}`;
		problems.push(
			...(await Promise.all(editors.map((viewer) => checkPage(validation, viewer, path)))).flat(),
		);
	}
	return problems;
}

/** axe with the header menus (desktop) or the side panel (phone) open, for every viewer. */
export async function openHeaderViolations(validation: Validation, paths: string[]) {
	const problems: string[] = [];
	for (const path of paths) {
		problems.push(
			...(await Promise.all(validation.viewers.map((viewer) => checkOpenHeader(viewer, path)))).flat(),
		);
	}
	return problems;
}

/** The W3C checker's errors over the HTML this file's checks saved (server HTML and hydrated DOM). */
export async function htmlCheckerErrors(validation: Validation): Promise<string[]> {
	let output: string;
	try {
		const result = await promisify(execFile)(
			JAVA,
			['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--skip-non-html', validation.htmlDir],
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
	return report.messages
		.filter((message) => message.type === 'error' || message.type === 'non-document-error')
		.map((message) => `${message.url?.split('/').pop()}:${message.lastLine}: ${message.message}`);
}
