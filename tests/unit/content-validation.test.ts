/** The article, page and list-query schemas shared by the dashboard and the endpoints. */
import { describe, expect, it } from 'vitest';
import {
	articleInputSchemas,
	articleListQuerySchema,
	isImageUrl,
	podcastListQuerySchema,
	staticPageInputSchema,
} from '@/lib/validation/content';

const valid = {
	title: ' Title ',
	excerpt: 'Excerpt',
	content: '# Body',
	category: 'Trends',
};

const parse = (body: Record<string, unknown>, kind: 'news' | 'education' = 'news') =>
	articleInputSchemas[kind].safeParse(body);
const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
	result.error?.issues[0]?.message;

describe('article input', () => {
	it('trims, defaults and drops authorId', () => {
		const result = parse({ ...valid, authorId: 99 });
		expect(result.success).toBe(true);
		expect(result.data).toEqual({
			title: 'Title',
			excerpt: 'Excerpt',
			content: '# Body',
			category: 'Trends',
			imageUrl: null,
			tags: [],
			readTime: 5,
			isPublished: false,
			publishAt: null,
			metaTitle: null,
			metaDescription: null,
		});
	});

	it('reads publishAt as an instant with its zone, and refuses one without', () => {
		const at = parse({ ...valid, publishAt: '2031-06-15T09:30:00-04:00' });
		expect(at.data?.publishAt?.toISOString()).toBe('2031-06-15T13:30:00.000Z');
		expect(parse({ ...valid, publishAt: '' }).data?.publishAt).toBeNull();
		const local = parse({ ...valid, publishAt: '2031-06-15T09:30' });
		expect(local.success).toBe(false);
		expect(message(local)).toMatch(/time zone/);
	});

	it.each(['title', 'excerpt', 'content', 'category'])('requires %s', (field) => {
		const result = parse({ ...valid, [field]: '   ' });
		expect(result.success).toBe(false);
		expect(message(result)).toMatch(/is required/);
	});

	it('checks the category against the kind', () => {
		expect(parse({ ...valid, category: 'For Brands' }, 'news').success).toBe(false);
		expect(parse({ ...valid, category: 'For Brands' }, 'education').success).toBe(true);
		expect(parse({ ...valid, category: 'Grocery' }, 'news').success).toBe(true);
	});

	it('enforces the length limits', () => {
		expect(parse({ ...valid, title: 'x'.repeat(201) }).success).toBe(false);
		expect(parse({ ...valid, title: 'x'.repeat(200) }).success).toBe(true);
		expect(parse({ ...valid, excerpt: 'x'.repeat(501) }).success).toBe(false);
		expect(parse({ ...valid, content: 'x'.repeat(100_001) }).success).toBe(false);
	});

	it.each([
		[undefined, 5],
		[null, 5],
		['', 5],
		['abc', 5],
		['12', 12],
		[' 7 ', 7],
		[1, 1],
		[60, 60],
	])('reads readTime %j as %j', (readTime, expected) => {
		expect(parse({ ...valid, readTime }).data?.readTime).toBe(expected);
	});

	it.each([0, 61, '0', '61', -3, 2.5])('refuses readTime %j', (readTime) => {
		const result = parse({ ...valid, readTime });
		expect(result.success).toBe(false);
		expect(message(result)).toMatch(/Read time must be/);
	});

	it('normalizes tags from a string or a list', () => {
		expect(parse({ ...valid, tags: 'a, ,b' }).data?.tags).toEqual(['a', 'b']);
		expect(parse({ ...valid, tags: [' x ', '', 'X', 'y'] }).data?.tags).toEqual(['x', 'y']);
		expect(parse({ ...valid, tags: null }).data?.tags).toEqual([]);
		expect(parse({ ...valid, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).success).toBe(false);
		expect(parse({ ...valid, tags: ['y'.repeat(41)] }).success).toBe(false);
		expect(parse({ ...valid, tags: 5 }).success).toBe(false);
	});

	it('accepts http(s) and site image URLs only', () => {
		expect(parse({ ...valid, imageUrl: '' }).data?.imageUrl).toBeNull();
		expect(parse({ ...valid, imageUrl: ' https://x.example/a.png ' }).data?.imageUrl).toBe(
			'https://x.example/a.png',
		);
		expect(parse({ ...valid, imageUrl: '/images/a.png' }).data?.imageUrl).toBe('/images/a.png');
		for (const bad of [
			'javascript:alert(1)',
			'data:image/png;base64,AA',
			'//evil.example/a.png',
			'/\\evil.example',
			'ftp://x/a',
			'a.png',
		]) {
			expect(parse({ ...valid, imageUrl: bad }).success, bad).toBe(false);
		}
		expect(isImageUrl('http://example.com')).toBe(true);
	});

	it('wants a boolean isPublished', () => {
		expect(parse({ ...valid, isPublished: true }).data?.isPublished).toBe(true);
		expect(parse({ ...valid, isPublished: 'yes' }).success).toBe(false);
	});
});

describe('static page input', () => {
	it('requires a title and caps the content', () => {
		expect(staticPageInputSchema.safeParse({ title: ' About ', content: '' }).data).toEqual({
			title: 'About',
			content: '',
			metaTitle: null,
			metaDescription: null,
		});
		expect(staticPageInputSchema.safeParse({ title: '', content: 'x' }).success).toBe(false);
		expect(staticPageInputSchema.safeParse({ title: 'x'.repeat(201), content: 'x' }).success).toBe(false);
		expect(staticPageInputSchema.safeParse({ title: 'x', content: 'x'.repeat(100_001) }).success).toBe(false);
		expect(staticPageInputSchema.safeParse({ title: 'x' }).success).toBe(false);
	});
});

describe('list queries', () => {
	it('has defaults', () => {
		expect(articleListQuerySchema.parse({})).toEqual({ sortOrder: 'desc', limit: 50, offset: 0 });
		expect(articleListQuerySchema.parse({ category: '', sortBy: '', sortOrder: '' })).toEqual({
			sortOrder: 'desc',
			limit: 50,
			offset: 0,
		});
	});

	it('reads numbers and enums from query strings', () => {
		expect(
			articleListQuerySchema.parse({
				sortBy: 'title',
				sortOrder: 'asc',
				limit: '10',
				offset: '20',
			}),
		).toMatchObject({
			sortBy: 'title',
			sortOrder: 'asc',
			limit: 10,
			offset: 20,
		});
		expect(podcastListQuerySchema.parse({ sortBy: 'episodeNumber' }).sortBy).toBe('episodeNumber');
	});

	it('refuses unknown sort keys and out-of-range paging', () => {
		expect(message(articleListQuerySchema.safeParse({ sortBy: 'rating' }))).toMatch(
			/The sort field must be one of 'title', 'category'/,
		);
		expect(articleListQuerySchema.safeParse({ sortBy: 'publishedAt' }).success).toBe(false);
		expect(podcastListQuerySchema.safeParse({ sortBy: 'category' }).success).toBe(false);
		expect(message(articleListQuerySchema.safeParse({ sortOrder: 'up' }))).toMatch(
			/The sort order must be 'asc' or 'desc'/,
		);
		for (const limit of ['0', '101', 'x', '1.5']) {
			expect(articleListQuerySchema.safeParse({ limit }).success, limit).toBe(false);
		}
		expect(articleListQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
		expect(articleListQuerySchema.safeParse({ search: 'x'.repeat(201) }).success).toBe(false);
		expect(articleListQuerySchema.safeParse({ search: 'x'.repeat(200) }).success).toBe(true);
	});
});
