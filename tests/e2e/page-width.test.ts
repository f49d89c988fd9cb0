/**
 * Nothing an editor writes may widen a page: with an article whose title, excerpt and body carry
 * a long URL and a long word, and a recommended platform with a long name, no page is wider than
 * a 390 px phone, and the platform pages fit every width between phone and desktop.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { gotoHydrated } from '../support/browser';
import { Client } from '../support/http';
import { browserTest } from '../support/browser-test';

let articlePath: string;
let platformPath: string;

const LONG_URL = `https://example.com/${'retail-media-measurement/'.repeat(3)}report?campaign=${'x'.repeat(40)}`;
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(2);

const it = browserTest({
	seed: true,
	async ready(server) {
		const editor = new Client(server.url);
		expect((await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password)).status).toBe(200);
		const article = await editor.post('/api/news', {
			title: `${LONG_WORD.slice(0, 40)} ${LONG_URL}`,
			excerpt: `An excerpt quoting ${LONG_URL} and ${LONG_WORD}`,
			content: `Read ${LONG_URL} now.\n\n${LONG_WORD}\n\n[${LONG_URL}](${LONG_URL})\n\n\`${LONG_URL}\`\n\n\`\`\`\n${LONG_URL} ${LONG_URL}\n\`\`\``,
			category: 'Industry News',
			tags: [LONG_WORD.slice(0, 40)],
			readTime: 3,
			isPublished: true,
		});
		expect(article.status, JSON.stringify(article.body)).toBe(201);
		articlePath = `/news/${article.body.slug}`;
		const platform = await editor.post('/api/admin/platforms', {
			name: 'Extraordinarily Long Platform Name Retail Media Network',
			category: 'Retail Media Networks',
			description: `A platform described with ${LONG_URL}`,
			pricing: `Custom, see ${LONG_URL}`,
			features: [`Reporting at ${LONG_URL}`],
			isRecommended: true,
			sortOrder: -100,
		});
		expect(platform.status, JSON.stringify(platform.body)).toBe(201);
		platformPath = `/platforms/${platform.body.slug}`;
		await server.siteIdle();
	},
});

/** How far the page reaches past the viewport's right edge, and what sticks out first. */
async function overflow(page: Page): Promise<{ width: number; culprit: string }> {
	return page.evaluate(() => {
		const width = document.documentElement.scrollWidth;
		let culprit = '';
		for (const element of Array.from(document.querySelectorAll('body *'))) {
			const box = element.getBoundingClientRect();
			if (box.right > window.innerWidth + 1 && box.width > 0) {
				culprit = `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '').slice(0, 80)}`;
				break;
			}
		}
		return { width, culprit };
	});
}

describe('page width', () => {
	it('no page is wider than a 390 px phone', { timeout: 300_000 }, async ({ server, newPage }) => {
		const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
		const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
		expect(paths).toContain(articlePath);
		expect(paths).toContain(platformPath);
		const { page } = await newPage({ mobile: true });
		const wide: string[] = [];
		for (const path of [...paths, '/auth', '/reset-password?token=x', '/no-such-page']) {
			await gotoHydrated(page, path);
			await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
			const { width, culprit } = await overflow(page);
			if (width > 390) wide.push(`${path}: ${width} px (${culprit})`);
		}
		expect(wide).toEqual([]);
	});

	it('platform pages fit every width from tablet to desktop (the Recommended badge included)', {
		timeout: 120_000,
	}, async ({ newPage }) => {
		const wide: string[] = [];
		const { page } = await newPage();
		for (const width of [768, 800, 840, 880, 1024]) {
			await page.setViewportSize({ width, height: 900 });
			for (const path of ['/', '/platforms', platformPath, '/compare']) {
				await gotoHydrated(page, path);
				await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
				const found = await overflow(page);
				if (found.width > width) wide.push(`${path} at ${width}: ${found.width} px (${found.culprit})`);
			}
		}
		expect(wide).toEqual([]);
	});
});
