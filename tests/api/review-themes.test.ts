/**
 * What users like and dislike (issue 47): themes from the counted reviews' pros and cons,
 * recomputed by the background worker (never on a request), and the ratings list's theme filter.
 * Runs on the engine of TEST_DATABASE.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import {
	TestClient,
	eventually,
	registerUser,
	startAccountServer,
	type Registered,
} from '../support/account-api';
import { createPlatform, registerEditor } from '../support/platform-fixtures';

type Theme = { theme: string; count: number; reviewIds: number[] };
type Themes = { likes: Theme[]; dislikes: Theme[] };

let server: TestServer;
let editor: Registered;
let anonymous: TestClient;
/** The server with a worker, stopped before the one without (they may share a database). */
let stopped = false;

beforeAll(async () => {
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '0', NEWSLETTER_POLL_MS: '100' } });
	editor = await registerEditor(server);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	if (!stopped) await server?.stop();
});

async function review(on: TestServer, platformId: number, parts: { pros?: string; cons?: string }) {
	const user = await registerUser(on);
	const answer = await user.client.post(`/api/platforms/${platformId}/ratings`, { rating: 4, ...parts });
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return { user, id: answer.body.rating.id as number };
}

async function themes(platformId: number, client = anonymous): Promise<Themes> {
	const answer = await client.get(`/api/platforms/${platformId}/themes`);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body as Themes;
}

/** The themes once the background worker has written what `ready` waits for. */
function themesWhen(platformId: number, ready: (found: Themes) => boolean): Promise<Themes> {
	return eventually(async () => {
		const found = await themes(platformId);
		return ready(found) ? found : undefined;
	});
}

async function listed(platformId: number, query: string): Promise<number[]> {
	const answer = await anonymous.get(`/api/platforms/${platformId}/ratings${query}`);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return (answer.body as Array<{ id: number }>).map((row) => row.id).sort((a, b) => a - b);
}

describe('GET /api/platforms/{id}/themes', () => {
	it('makes three reviews praising "self-serve dashboard(s)" one theme of 3, whose filter lists them', async () => {
		const platform = await createPlatform(editor);
		const praising = [
			await review(server, platform.id, { pros: 'Self-serve dashboards are great.' }),
			await review(server, platform.id, { pros: 'The self-serve dashboard saves us hours.' }),
			await review(server, platform.id, {
				pros: 'Great self-serve dashboard; clear invoices.',
				cons: 'Slow exports.',
			}),
		].map((written) => written.id);
		// Mentioned once: no theme.
		await review(server, platform.id, {
			pros: 'Friendly account manager.',
			cons: 'Slow exports at month end.',
		});

		const found = await themesWhen(platform.id, (t) => t.likes.length > 0 && t.dislikes.length > 0);
		expect(found.likes).toEqual([
			{ theme: 'self-serve dashboard', count: 3, reviewIds: [...praising].reverse() },
		]);
		expect(found.likes.map((t) => t.theme)).not.toContain('account manager');
		expect(found.likes.map((t) => t.theme)).not.toContain('invoice');
		expect(found.dislikes).toEqual([expect.objectContaining({ theme: 'export', count: 2 })]);

		const query = `?theme=${encodeURIComponent('self-serve dashboard')}&themeSide=likes`;
		expect(await listed(platform.id, query)).toEqual([...praising].sort((a, b) => a - b));
		// The same phrase on the other side: none.
		expect(await listed(platform.id, `?theme=self-serve%20dashboard&themeSide=dislikes`)).toEqual([]);
		expect(await listed(platform.id, '?theme=account%20manager')).toEqual([]);
	});

	it('counts only counted reviews, and recomputes in the background after a change', async () => {
		const platform = await createPlatform(editor);
		const first = await review(server, platform.id, { cons: 'Reporting is slow and the API docs are thin.' });
		await review(server, platform.id, { cons: 'Thin API docs.' });
		const before = await themesWhen(platform.id, (t) => t.dislikes.length > 0);
		expect(before.dislikes).toEqual([expect.objectContaining({ theme: 'api doc', count: 2 })]);

		// A new review makes "reporting" a theme: the worker recomputes, woken by the change.
		const third = await review(server, platform.id, { cons: 'Our reporting is always late.' });
		const after = await themesWhen(platform.id, (t) =>
			t.dislikes.some((theme) => theme.theme === 'reporting'),
		);
		expect(after.dislikes).toContainEqual({
			theme: 'reporting',
			count: 2,
			reviewIds: [third.id, first.id],
		});

		// The first author becomes the platform's representative: their review is no longer counted.
		const named = await editor.client.put(`/api/admin/users/${first.user.id}/vendor`, {
			platformId: platform.id,
		});
		expect(named.status, JSON.stringify(named.body)).toBe(200);
		const uncounted = await themesWhen(
			platform.id,
			(t) => !t.dislikes.some((theme) => theme.theme === 'reporting'),
		);
		expect(uncounted.dislikes.map((t) => t.theme)).toEqual([]);
		expect(await listed(platform.id, '?theme=reporting')).toEqual([]);
	});

	it('answers 404 for an unknown platform and 400 with a sentence for a bad filter', async () => {
		expect((await anonymous.get('/api/platforms/999999/themes')).status).toBe(404);
		const platform = await createPlatform(editor);
		const long = await anonymous.get(`/api/platforms/${platform.id}/ratings?theme=${'a'.repeat(200)}`);
		expect(long.status).toBe(400);
		expect(long.body.message).toBe('The theme must be at most 125 characters long.');
		const side = await anonymous.get(`/api/platforms/${platform.id}/ratings?theme=x&themeSide=both`);
		expect(side.status).toBe(400);
		expect(side.body.message).toBe('Theme side must be one of: likes, dislikes.');
	});
});

describe('without a worker', () => {
	it('never computes themes on a request: the platform stays queued until a worker takes it', async () => {
		// The other server's worker would take this server's queue on a shared database.
		await server.stop();
		stopped = true;
		const idle = await startAccountServer({ env: { API_CACHE_TTL_MS: '0', NEWSLETTER_WORKER: '0' } });
		try {
			const idleEditor = await registerEditor(idle);
			const platform = await createPlatform(idleEditor);
			for (let i = 0; i < 3; i++) await review(idle, platform.id, { pros: 'Self-serve dashboards.' });
			const client = new TestClient(idle.url);
			for (let i = 0; i < 3; i++) {
				const answer = await client.get(`/api/platforms/${platform.id}/themes`);
				expect(answer.body).toEqual({ likes: [], dislikes: [] });
				expect((await fetch(`${idle.url}/platforms/${platform.slug}`)).status).toBe(200);
			}
			const { themeJobs } = idle.tables;
			const jobs = await idle.db.select().from(themeJobs).where(eq(themeJobs.platformId, platform.id));
			expect(jobs).toEqual([expect.objectContaining({ status: 'queued', changes: 3 })]);
		} finally {
			await idle.stop();
		}
	});
});

describe('a database reviewed before themes existed', () => {
	it('gets its themes computed at start, in the background, without a review written', async () => {
		// The demo content: reviews with pros and cons, inserted without theme jobs or themes.
		const seeded = await startAccountServer({
			seed: true,
			// No pages: the test reads the API (and a seeded server's page template is a minute's work).
			env: { API_CACHE_TTL_MS: '0', NEWSLETTER_POLL_MS: '100', SITE_GENERATE_ON_START: '0' },
		});
		try {
			const { platforms, platformRatings, themeJobs } = seeded.tables;
			const [skai] = await seeded.db.select().from(platforms).where(eq(platforms.slug, 'skai'));
			const reviews = await seeded.db.select().from(platformRatings);
			const client = new TestClient(seeded.url);
			const found = await eventually(async () => {
				const answer = await client.get(`/api/platforms/${skai!.id}/themes`);
				return (answer.body as Themes).likes.length > 0 ? (answer.body as Themes) : undefined;
			});
			expect(found.likes).toEqual([expect.objectContaining({ theme: 'retailer', count: 2 })]);
			// Every reviewed platform was computed once, and nothing is left queued.
			await eventually(async () =>
				(await seeded.db.select().from(themeJobs)).length === 0 ? true : undefined,
			);
			const unthemed = await seeded.db.select().from(platforms).where(isNull(platforms.themesComputedAt));
			expect(unthemed.every((platform) => platform.reviewCount === 0)).toBe(true);
			expect(await seeded.db.select().from(platformRatings)).toEqual(reviews);
		} finally {
			await seeded.stop();
		}
	}, 120_000);
});
