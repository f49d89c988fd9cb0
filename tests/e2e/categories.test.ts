/**
 * One news category list: what the header and the home filter let a reader choose is exactly
 * what the article form lets an editor choose, with no category under two spellings.
 */
import { describe, expect } from 'vitest';
import { NEWS_CATEGORIES } from '@/lib/categories';
import { gotoHydrated } from '../support/browser';
import { browserTest } from '../support/browser-test';

const it = browserTest({ seed: true });

const sorted = (values: string[]) => [...values].sort();

describe('news categories', () => {
	it.for([false, true])(
		'are the same in the header, the home filter and the article form (mobile: %s)',
		async (mobile, { newPage }) => {
			const reader = (await newPage({ mobile })).page;
			await gotoHydrated(reader, '/');
			// The header's links, in the menu (desktop) or the side panel (phone); both are in the HTML.
			const header = (
				await reader
					.locator(mobile ? 'nav[aria-label="Mobile"]' : '#menu-news')
					.locator('a')
					.evaluateAll((links) =>
						links
							.filter((link) => link.getAttribute('href')?.includes('newsCategory='))
							.map((link) => link.textContent!.trim()),
					)
			).filter((name, index, all) => all.indexOf(name) === index);
			const filter = (await reader.locator('#news-category option').allInnerTexts()).slice(1);

			const { page } = await newPage({ as: 'editor', mobile });
			await page.goto('/editor-dashboard?tab=news');
			await page.getByRole('button', { name: 'Add News Article' }).click();
			const dialog = page.getByRole('dialog', { name: 'Add News Article' });
			const form = (await dialog.getByLabel('Category').locator('option').allInnerTexts()).slice(1);

			expect(sorted(header)).toEqual(sorted([...NEWS_CATEGORIES]));
			expect(sorted(filter)).toEqual(sorted(header));
			expect(sorted(form)).toEqual(sorted(header));
			expect(form).toContain('Grocery');
			expect(filter).toContain('Case Studies');
			expect(header.filter((name) => /^e-?commerce$/i.test(name))).toEqual(['E-commerce']);
		},
	);
});
