/**
 * Visitor text wraps wherever it shows, labels and buttons never break inside a word: a
 * 4,000-character unbroken word in a comment and a review, and a long unbroken username, on
 * the public platform page and in the dashboard's moderation screen, at 1280 and 390 px.
 */
import { describe, expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { browserTest } from '../support/browser-test';
import { Client } from '../support/http';
import { hydrated } from '../support/platform-helpers';
import { horizontalOverflow, splitWords } from '../support/text-fit';

const LONG_WORD = 'Retailmediaunbrokenword'.repeat(174).slice(0, 4000);
const LONG_NAME = 'Averyveryverylongusername1234';
let platformPath: string;

const it = browserTest({
	seed: true,
	async ready(server) {
		const platforms = (await (await fetch(`${server.url}/api/platforms`)).json()) as { id: number }[];
		const platformId = platforms[0]!.id;
		platformPath = `/platforms/${platformId}`;
		const visitor = new Client(server.url);
		const account = { email: 'longword@example.com', username: LONG_NAME, password: 'long-word-pass' };
		expect((await visitor.post('/api/register', account)).status).toBe(201);
		const approved = await visitor.post(`/api/platforms/${platformId}/comments`, {
			comment: `Approved ${LONG_WORD}`,
		});
		expect(approved.status, JSON.stringify(approved.body)).toBe(201);
		const pending = await visitor.post(`/api/platforms/${platformId}/comments`, {
			comment: `Pending ${LONG_WORD}`,
		});
		expect(pending.status).toBe(201);
		const review = await visitor.post(`/api/platforms/${platformId}/ratings`, {
			rating: 4,
			review: `Review ${LONG_WORD}`,
		});
		expect(review.status, JSON.stringify(review.body)).toBe(201);
		const editor = new Client(server.url);
		expect((await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password)).status).toBe(200);
		const moderated = await editor.patch(`/api/admin/comments/${approved.body.id}/moderate`, {
			status: 'approved',
		});
		expect(moderated.status, JSON.stringify(moderated.body)).toBe(200);
	},
});

describe('a 4,000-character word', () => {
	it.for([false, true])('wraps on the public platform page (mobile: %s)', async (mobile, { newPage }) => {
		const { page } = await newPage({ mobile });
		await page.goto(platformPath);
		// The community island hydrates once it scrolls into view.
		await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		const comment = page.getByText(`Approved ${LONG_WORD.slice(0, 50)}`);
		const review = page.getByText(`Review ${LONG_WORD.slice(0, 50)}`);
		await comment.waitFor();
		await review.waitFor();
		expect(await horizontalOverflow(page)).toMatchObject({ width: page.viewportSize()!.width, culprit: '' });
		for (const text of [comment, review]) {
			const box = (await text.boundingBox())!;
			expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
		}
		expect(await page.getByText(LONG_NAME).first().isVisible()).toBe(true);
		expect(await splitWords(page.locator('body'))).toEqual([]);
	});

	it.for([false, true])(
		'wraps in the moderation screen, its buttons in view (mobile: %s)',
		async (mobile, { newPage }) => {
			const { page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=comments');
			await page.getByLabel('Status').selectOption({ label: 'All' });
			const items = page.getByTestId('comment-item').filter({ hasText: LONG_WORD.slice(0, 50) });
			await expect.poll(() => items.count()).toBe(2);
			expect(await horizontalOverflow(page)).toMatchObject({
				width: page.viewportSize()!.width,
				culprit: '',
			});
			const width = page.viewportSize()!.width;
			for (const item of await items.all()) {
				for (const button of await item.getByRole('button').all()) {
					const box = (await button.boundingBox())!;
					expect(box.x).toBeGreaterThanOrEqual(0);
					expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(width);
				}
			}
			expect(await splitWords(page.locator('body'))).toEqual([]);
		},
	);
});
