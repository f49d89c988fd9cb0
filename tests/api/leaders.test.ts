/**
 * GET /api/leaders (issue 47) over HTTP: per category, the platforms with at least
 * LEADERS_MIN_REVIEWS counted reviews (2 here) ranked by score, the top three, for the running
 * quarter named 'YYYY-Qn'; a shared answer that a rating drops; `?quarter=` reading a past
 * quarter as awarded, 400 for a malformed one. The ranking itself and the awarding with a fake
 * clock: tests/unit/category-leaders.test.ts. Runs on the engine of TEST_DATABASE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';
import { quarterOf } from '@/lib/quarters';
import type { TestServer } from '../support/server';
import { TestClient, startAccountServer, type Registered } from '../support/account-api';
import { createPlatform, registerEditor } from '../support/platform-fixtures';
import { freshPersona } from '../support/security-roles';

let server: TestServer;
let editor: Registered;
let anonymous: TestClient;

const CATEGORY = 'Reporting';

beforeAll(async () => {
	server = await startAccountServer({ env: { LEADERS_MIN_REVIEWS: '2' } });
	editor = await registerEditor(server);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

/** One review of each star in `stars` by a new reader (an account and session made in the database). */
async function rateWith(platformId: number, stars: number[]) {
	for (const rating of stars) {
		const reader = await freshPersona(server, 'user');
		const answer = await reader.client.post(`/api/platforms/${platformId}/ratings`, { rating });
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	}
}

type Answer = {
	quarter: string;
	categories: {
		category: string;
		leaders: { id: number; slug: string; name: string; score: number; reviewCount: number }[];
	}[];
};

function leadersIn(body: Answer, category = CATEGORY) {
	return body.categories.find((entry) => entry.category === category)?.leaders;
}

/** Reads `path` anonymously until the answer comes from the host's cache; returns that answer. */
async function readUntilKept(path: string) {
	let answer = await anonymous.get<Answer>(path);
	await expect
		.poll(async () => {
			answer = await anonymous.get<Answer>(path);
			return answer.headers.get('x-cache');
		})
		.toBe('hit');
	return answer;
}

describe('GET /api/leaders', () => {
	let top: { id: number; slug: string; name: string };
	let second: { id: number; slug: string; name: string };
	let third: { id: number; slug: string; name: string };
	let short: { id: number; slug: string; name: string };

	beforeAll(async () => {
		[top, second, third, short] = await Promise.all([
			createPlatform(editor, { category: CATEGORY }),
			createPlatform(editor, { category: CATEGORY }),
			createPlatform(editor, { category: CATEGORY }),
			createPlatform(editor, { category: CATEGORY }),
		]);
		const fourth = await createPlatform(editor, { category: CATEGORY });
		await rateWith(top.id, [5, 5, 4]);
		await rateWith(second.id, [4, 4]);
		await rateWith(third.id, [3, 4]);
		await rateWith(fourth.id, [3, 3]);
		// The best score of all, one review short of the minimum.
		await rateWith(short.id, [5]);
	});

	it('ranks by score the platforms with enough counted reviews, top three, for the running quarter', async () => {
		const answer = await anonymous.get<Answer>('/api/leaders');
		expect(answer.status).toBe(200);
		expect(answer.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
		expect(Object.keys(answer.body).sort()).toEqual(['categories', 'quarter']);
		expect(answer.body.quarter).toMatch(/^\d{4}-Q[1-4]$/);
		expect(answer.body.quarter).toBe(quarterOf(new Date()));
		expect(leadersIn(answer.body)).toEqual([
			{ id: top.id, slug: top.slug, name: top.name, score: 4.7, reviewCount: 3 },
			{ id: second.id, slug: second.slug, name: second.name, score: 4, reviewCount: 2 },
			{ id: third.id, slug: third.slug, name: third.name, score: 3.5, reviewCount: 2 },
		]);
		// A blank quarter means the running one.
		expect((await anonymous.get<Answer>('/api/leaders?quarter=')).body).toEqual(answer.body);
		expect((await anonymous.get<Answer>(`/api/leaders?quarter=${answer.body.quarter}`)).body).toEqual(
			answer.body,
		);
	});

	it('drops the kept answer when a rating moves the leaders', async () => {
		const kept = await readUntilKept('/api/leaders');
		expect(leadersIn(kept.body)?.map((leader) => leader.id)).not.toContain(short.id);
		// Its second review: now counted, and first by score.
		await rateWith(short.id, [5]);
		const after = await anonymous.get<Answer>('/api/leaders');
		expect(leadersIn(after.body)?.map((leader) => leader.id)).toEqual([short.id, top.id, second.id]);
	});

	it('reads a past quarter as awarded, and refuses a malformed quarter with a sentence', async () => {
		const { categoryLeaders } = server.tables;
		await server.db.insert(categoryLeaders).values({
			quarter: '2025-Q3',
			category: CATEGORY,
			rank: 1,
			platformId: third.id,
			score: 4.24,
			reviewCount: 7,
		});
		const past = await anonymous.get<Answer>('/api/leaders?quarter=2025-Q3');
		expect(past.status).toBe(200);
		expect(past.body).toEqual({
			quarter: '2025-Q3',
			categories: [
				{
					category: CATEGORY,
					leaders: [{ id: third.id, slug: third.slug, name: third.name, score: 4.2, reviewCount: 7 }],
				},
			],
		});
		// A well-formed quarter with nothing awarded: no leaders, not an error.
		expect((await anonymous.get<Answer>('/api/leaders?quarter=2019-Q2')).body).toEqual({
			quarter: '2019-Q2',
			categories: [],
		});
		for (const quarter of ['2026-Q5', '2026Q4', '26-Q1', 'latest', '2026-q4']) {
			const refused = await anonymous.get(`/api/leaders?quarter=${quarter}`);
			expect(refused.status, quarter).toBe(400);
			expect(refused.body).toEqual({ message: 'A quarter is written YYYY-Qn, for example 2026-Q4.' });
		}
	});
});
