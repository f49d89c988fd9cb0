/**
 * Shared steps of the platform browser tests (listing, detail, compare): the API answers the
 * tests compare the screen with, and a few ways of reading the screen.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { Client } from './http';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import type { PlatformJson } from '@/server/platforms/directory';
import { editorCookie, type TestServer } from './server';
import { hydrateIslands } from './browser';
import { formatRating } from '@/lib/format';

/** A platform as GET /api/platforms answers it. */
export type ApiPlatform = PlatformJson;

/** GET /api/platforms with a query like 'sortBy=name&sortOrder=asc'. */
export async function apiPlatforms(server: TestServer, query = ''): Promise<ApiPlatform[]> {
	const response = await fetch(`${server.url}/api/platforms${query ? `?${query}` : ''}`);
	expect(response.status).toBe(200);
	return (await response.json()) as ApiPlatform[];
}

export async function apiPlatform(server: TestServer, id: number): Promise<ApiPlatform> {
	const response = await fetch(`${server.url}/api/platforms/${id}`);
	expect(response.status).toBe(200);
	return (await response.json()) as ApiPlatform;
}

/**
 * Sets the first listed platform's pricing to each of `prices` in turn, as the editor's form
 * saves it (PUT), so its history gains one update per price; answers the platform as it was.
 */
export async function editFirstPlatformPricing(
	server: TestServer,
	prices: readonly string[],
): Promise<ApiPlatform> {
	const [platform] = await apiPlatforms(server, 'limit=1');
	const headers = {
		cookie: await editorCookie(server.db),
		origin: server.url,
		'content-type': 'application/json',
	};
	const { id, rating, reviewCount, isClaimed, ...form } = platform!;
	for (const pricing of prices) {
		const answer = await fetch(`${server.url}/api/admin/platforms/${id}`, {
			method: 'PUT',
			headers,
			body: JSON.stringify({ ...form, pricing }),
		});
		expect(answer.status).toBe(200);
	}
	return platform!;
}

/** Resolves once every island on the page has hydrated (Astro drops the ssr attribute). */
export async function hydrated(page: Page): Promise<void> {
	await hydrateIslands(page);
}

/** The names on the listing's cards, in order. */
export function cardNames(page: Page): Promise<string[]> {
	return page.locator('[data-platform-card] h2').allInnerTexts();
}

/** The one toast on screen (at most one shows at a time). */
export function toast(page: Page) {
	return page.locator('#toast-root li').last();
}

let accounts = 0;

/** A fresh account (its own ratings, comments and votes), created through the API. */
export async function registerAccount(server: TestServer, prefix: string) {
	accounts += 1;
	const account = {
		email: `${prefix}${accounts}-${Date.now()}@example.com`,
		username: `${prefix}_${accounts}_${Date.now() % 100000}`,
		password: `pass-${accounts}-word`,
	};
	const answer = await new Client(server.url).post('/api/register', account);
	expect(answer.status).toBe(201);
	return { ...account, id: (answer.body as { id: number }).id };
}

/** The rating (two decimals in the API) as the screens print it: one decimal. */
export const oneDecimal = formatRating;

/** The demo editor, signed in through the API. */
export async function editorClient(server: TestServer): Promise<Client> {
	const editor = new Client(server.url);
	expect((await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password)).status).toBe(200);
	return editor;
}

/** A platform nobody has rated yet, made by the demo editor; `name` gets a unique suffix. */
export async function freshPlatform(
	server: TestServer,
	name: string,
	description = 'A platform for the review tests.',
) {
	const answer = await (await editorClient(server)).post('/api/admin/platforms', {
		name: `${name} ${Date.now()}`,
		category: 'DSP',
		description,
		pricing: 'CPM',
		features: [],
		pros: [],
		cons: [],
	});
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body as { id: number; slug: string; name: string };
}

/** A fresh account made the platform's representative by the demo editor. */
export async function freshRepresentative(server: TestServer, platformId: number, prefix = 'vendor') {
	const representative = await registerAccount(server, prefix);
	const editor = await editorClient(server);
	expect((await editor.put(`/api/admin/users/${representative.id}/vendor`, { platformId })).status).toBe(200);
	return representative;
}
