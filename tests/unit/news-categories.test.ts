/**
 * One list of news categories for the header, the home filter, the article form and the API:
 * no category twice under two spellings, and articles saved under the header's old "eCommerce"
 * are moved to the merged E-commerce by a migration.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLE_CATEGORIES, ARTICLE_CATEGORY_GROUPS, NEWS_CATEGORIES } from '@/lib/categories';
import { articleInputSchemas } from '@/lib/validation/content';
import * as schema from '@db/schema';
import { insertOldArticle, upgradedDatabase } from '../support/migrations';

/** "eCommerce", "E-commerce" and "e commerce" are one name. */
const spelling = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('news categories', () => {
	it('name no category twice under two spellings', () => {
		const spellings = ARTICLE_CATEGORIES.news.map(spelling);
		expect(new Set(spellings).size).toBe(spellings.length);
		expect(ARTICLE_CATEGORIES.news).toContain('E-commerce');
		expect(ARTICLE_CATEGORIES.news).not.toContain('eCommerce');
	});

	it('are grouped for the selects without leaving one out or adding one', () => {
		for (const kind of ['news', 'education'] as const) {
			expect(ARTICLE_CATEGORY_GROUPS[kind].flatMap((group) => group.options)).toEqual([
				...ARTICLE_CATEGORIES[kind],
			]);
		}
	});

	it('are what an article may carry, and nothing else', () => {
		const article = { title: 'T', excerpt: 'E', content: 'C', readTime: 5 };
		for (const category of NEWS_CATEGORIES) {
			expect(articleInputSchemas.news.safeParse({ ...article, category }).success, category).toBe(true);
		}
		const old = articleInputSchemas.news.safeParse({ ...article, category: 'eCommerce' });
		expect(old.error?.issues[0]?.message).toBe('Please choose a category from the list.');
	});

	it('moves articles saved as "eCommerce" to E-commerce on upgrade', () => {
		const dir = mkdtempSync(join(tmpdir(), 'rmh-categories-'));
		try {
			const upgraded = upgradedDatabase(dir, join(dir, 'app.db'), '_news_categories_merged', (old) => {
				const base = { title: 'Shop', excerpt: 'E', content: 'C', isPublished: true };
				insertOldArticle(old, { ...base, kind: 'news', category: 'eCommerce' });
				insertOldArticle(old, { ...base, kind: 'news', category: 'Grocery' });
			});
			const categories = upgraded
				.select({ category: schema.articles.category })
				.from(schema.articles)
				.all()
				.map((row) => row.category);
			upgraded.$client.close();
			expect(categories.sort()).toEqual(['E-commerce', 'Grocery']);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
