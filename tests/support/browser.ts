/**
 * Debian's Chromium driven by playwright-core (no browser downloads here). One browser per
 * test file; each test gets a fresh context (cookies, storage) through newPage().
 *
 * The browser is Chromium's headless shell (Debian's `chromium-headless-shell`, the same
 * version as `chromium`), as Playwright's own headless runs use: the same Blink and V8 without
 * the full browser's windowing layers, at about half the CPU per test file (docs/testing.md).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export async function launchBrowser(): Promise<Browser> {
	if (!existsSync(CHROMIUM)) {
		throw new Error(
			`${CHROMIUM} is missing: run \`apt-get install -y chromium-headless-shell\` (or set CHROMIUM_PATH).`,
		);
	}
	return chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--disable-dev-shm-usage',
			// For measuring what a flag saves (docs/testing.md); none are set in the suite.
			...(process.env.CHROMIUM_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
		],
	});
}

export async function newPage(
	browser: Browser,
	baseURL: string,
	/** javaScript: false opens the page as a browser without scripts would (what the HTML alone does). */
	options: { mobile?: boolean; javaScript?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({
		baseURL,
		javaScriptEnabled: options.javaScript ?? true,
		viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
		isMobile: options.mobile ?? false,
		hasTouch: options.mobile ?? false,
	});
	// As long as the polls' (vitest.config.ts): a dialog's round trip took over 12 s on a busy
	// 2-core machine. The timeout only bounds a failure; actions go on as soon as they can.
	context.setDefaultTimeout(30_000);
	context.setDefaultNavigationTimeout(30_000);
	const page = await context.newPage();
	// A script or style the Content-Security-Policy blocks, or server HTML that React's first
	// render disagrees with (a hydration mismatch), is a bug: fail loudly. React 19 reports a
	// hydration mismatch through window.reportError (Astro passes no onRecoverableError), which
	// reaches Playwright as an uncaught page error, not as a console message: listen to both.
	const problem = /Content Security Policy|Minified React error #4(18|19|23|25)|Hydration failed/i;
	page.on('console', (message) => {
		if (problem.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
	});
	page.on('pageerror', (error) => {
		if (problem.test(error.message)) cspViolations.push(`${page.url()}: ${error.message}`);
	});
	return { context, page };
}

/**
 * Opens a path and waits until its eager islands have hydrated (Astro drops the `ssr`
 * attribute then), so a click is never lost on a button that has no handler yet.
 */
export async function gotoHydrated(page: Page, path: string) {
	const response = await page.goto(path);
	// Islands that wait to be scrolled into view (client:visible) or for the reader to act
	// (client:interaction) hydrate later by design.
	await page.waitForFunction(
		() =>
			document.querySelectorAll('astro-island[ssr]:not([client="visible"]):not([client="interaction"])')
				.length === 0,
	);
	// Astro drops `ssr` as soon as it has handed the island to React, which hydrates in a
	// transition a few tasks later: wait until the main thread is idle, so a hydration mismatch
	// has been reported before the check below. (A page may navigate on by itself meanwhile,
	// e.g. a guard sending a visitor to /auth; what it reported is kept all the same.)
	await page
		.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })))
		.catch(() => undefined);
	if (cspViolations.length > 0) throw new Error(`Page problems:\n${cspViolations.join('\n')}`);
	return response;
}

/**
 * Wakes the islands that wait for the reader (client:interaction) as a reader's pointer passing
 * over them would, then waits until every island but those waiting to be scrolled into view
 * has hydrated. For tests of what islands do; tests of the first interaction itself act instead.
 */
export async function hydrateIslands(page: Page) {
	await page.evaluate(() => {
		for (const island of document.querySelectorAll('astro-island[ssr][client="interaction"]')) {
			island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
		}
	});
	// Astro drops `ssr` as soon as it has asked React to hydrate, but @astrojs/react hydrates in a
	// transition, which React renders in slices and commits later: a click or a choice made in
	// between met the server's markup (on a busy machine, a filter chosen reverted; a button moved
	// under the pointer). So also wait for React's commit: each island's root stops being
	// dehydrated (React's own state, read off the container; a root that is not React's passes).
	await page.waitForFunction(() => {
		if (document.querySelectorAll('astro-island[ssr]:not([client="visible"])').length > 0) return false;
		for (const island of document.querySelectorAll('astro-island:not([ssr])')) {
			const key = Object.keys(island).find((name) => name.startsWith('__reactContainer$'));
			const container = key
				? (
						island as unknown as Record<
							string,
							{ stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }
						>
					)[key]
				: undefined;
			if (container?.stateNode?.current?.memoizedState?.isDehydrated) return false;
		}
		return true;
	});
	// The effects of that commit (reading the fields, loading the user) run in a task React posts
	// on a MessageChannel at the commit; a message posted now is delivered after it.
	await page.evaluate(
		() =>
			new Promise<void>((resolve) => {
				const channel = new MessageChannel();
				channel.port1.onmessage = () => resolve();
				channel.port2.postMessage(null);
			}),
	);
}

/** Every CSP violation or hydration mismatch any page reported in this test file. */
export const cspViolations: string[] = [];

/** Signs in through the API (tests of the sign-in screens themselves use the UI). */
export async function signInAs(context: BrowserContext, email: string, password: string) {
	const response = await context.request.post('/api/login', { data: { email, password } });
	if (!response.ok()) throw new Error(`Sign-in as ${email} failed: ${response.status()}`);
}
