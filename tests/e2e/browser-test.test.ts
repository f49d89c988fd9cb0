/**
 * The shared browser fixture's guard: a page that breaks the Content-Security-Policy or reports
 * a hydration mismatch fails the test it happened in, so every browser test checks this for free.
 * And its cleanup: a context a test opens by other means is closed after that test.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage } from '../support/browser';
import { browserTest } from '../support/browser-test';

/** A context the file opens before its tests, as files that sign in once in `ready` do. */
let filesContext: BrowserContext | undefined;

const test = browserTest({
	ready: async (server, browser) => {
		({ context: filesContext } = await newPage(browser!, server.url));
	},
});

/** An inline script: the site's CSP allows none, so Chromium refuses it and says so. */
async function injectInlineScript(page: Page) {
	await page.evaluate(() => {
		const script = document.createElement('script');
		script.textContent = 'window.__ran = true';
		document.body.append(script);
	});
}

/** What React reports through window.reportError when server HTML and first render disagree. */
async function reportHydrationMismatch(page: Page) {
	await page.evaluate(() => {
		setTimeout(() => {
			throw new Error("Hydration failed because the server rendered HTML didn't match the client.");
		});
	});
}

describe('the page guard', () => {
	test('records a CSP violation', async ({ page, pageProblems }) => {
		await page.goto('/');
		await injectInlineScript(page);
		await expect.poll(() => pageProblems.join('\n')).toMatch(/Content Security Policy/);
		expect(await page.evaluate(() => (window as { __ran?: boolean }).__ran)).toBeUndefined();
		pageProblems.length = 0; // provoked on purpose
	});

	test('records a hydration mismatch', async ({ page, pageProblems }) => {
		await page.goto('/');
		await reportHydrationMismatch(page);
		await expect.poll(() => pageProblems.join('\n')).toMatch(/Hydration failed/);
		pageProblems.length = 0;
	});

	// Expected to fail: the violation is left in place, so the fixture's teardown fails the test.
	test.fails('fails a test whose page broke the CSP', async ({ page, pageProblems }) => {
		await page.goto('/');
		await injectInlineScript(page);
		await expect.poll(() => pageProblems.length).toBeGreaterThan(0);
	});

	test.fails('fails a test whose page reported a hydration mismatch', async ({ page, pageProblems }) => {
		await page.goto('/');
		await reportHydrationMismatch(page);
		await expect.poll(() => pageProblems.length).toBeGreaterThan(0);
	});

	test('passes a clean page', async ({ page, pageProblems }) => {
		await page.goto('/');
		expect(pageProblems).toEqual([]);
	});
});

describe('contexts a test opens by other means', () => {
	let helpersContext: BrowserContext | undefined;

	test('stay open during the test', async ({ browser, server }) => {
		({ context: helpersContext } = await newPage(browser, server.url));
		expect(browser.contexts()).toContain(helpersContext);
	});

	test("are closed after it; the file's own context stays", async ({ browser }) => {
		expect(helpersContext).toBeDefined();
		expect(browser.contexts()).not.toContain(helpersContext);
		expect(browser.contexts()).toContain(filesContext);
	});
});
