/**
 * Shared steps of the editor dashboard browser tests: opening the dashboard as the demo editor,
 * reading the one toast, and asking the running server things a person would check by hand.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { newPage, signInAs } from './browser';
import type { TestServer } from './server';

export const EDITOR = DEMO_ACCOUNTS.editor;
export const USER = DEMO_ACCOUNTS.user;

/** The one toast on screen (at most one shows at a time). */
export function toastRegion(page: Page) {
	return page.locator('#toast-root li').last();
}

export async function expectToast(page: Page, ...texts: string[]): Promise<void> {
	for (const text of texts) {
		await expect
			.poll(() =>
				toastRegion(page)
					.innerText()
					.catch(() => ''),
			)
			.toContain(text);
	}
}

/**
 * Asserts the page raised no toast: F8 mounts the toaster at once (flushSync), which then shows
 * any toast in the store, so an empty list after it means none was raised so far.
 */
export async function expectNoToast(page: Page): Promise<void> {
	await page.waitForLoadState('load');
	await page.keyboard.press('F8');
	await page.locator('#toast-root ol').waitFor({ state: 'attached' });
	expect(await page.locator('#toast-root li').count()).toBe(0);
}

/** A fresh browser context signed in with the given account (none for a visitor). */
export async function browse(
	browser: Browser,
	server: TestServer,
	account?: { email: string; password: string },
	options: { mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
	const opened = await newPage(browser, server.url, options);
	if (account) await signInAs(opened.context, account.email, account.password);
	return opened;
}

/** The dashboard as the demo editor, on a tab (?tab=...), once the welcome line shows. */
export async function openDashboard(browser: Browser, server: TestServer, tab?: string) {
	const opened = await browse(browser, server, EDITOR);
	await opened.page.goto(tab ? `/editor-dashboard?tab=${tab}` : '/editor-dashboard');
	await opened.page.getByText(`Welcome, ${EDITOR.username}`).waitFor();
	return opened;
}

/** A GET through the context's cookies (the signed-in user's session), parsed as JSON. */
export async function getJson<T = any>(
	context: BrowserContext,
	path: string,
): Promise<{ status: number; body: T }> {
	const response = await context.request.get(path);
	const text = await response.text();
	return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
}

/** The public page as a visitor gets it (generated file or on-demand render). */
export async function publicPage(
	server: TestServer,
	path: string,
): Promise<{ status: number; html: string }> {
	const response = await fetch(server.url + path);
	return { status: response.status, html: await response.text() };
}

/** Clicks a dialog's confirm button and waits for the dialog to close. */
export async function confirmDialog(page: Page, dialogName: string | RegExp, button: string) {
	const dialog = page.getByRole('dialog', { name: dialogName });
	await dialog.getByRole('button', { name: button, exact: true }).click();
	await dialog.waitFor({ state: 'detached' });
}

/** Whether leaving the page now would get the browser's "leave site?" warning (unsaved work). */
export function warnsBeforeLeaving(page: Page): Promise<boolean> {
	return page.evaluate(() => {
		const event = new Event('beforeunload', { cancelable: true });
		window.dispatchEvent(event);
		return event.defaultPrevented;
	});
}
