/** The article and platform category lists, shared by the header, forms and endpoints. */
import type { ArticleKind } from '@/lib/column-values';

/** Categories under a heading, for a select's optgroup. */
export type CategoryGroup = { label: string; options: readonly string[] };

/**
 * News categories: one list for the header's and the home page's filters, the article form and
 * the API, so every category a reader can filter by can be chosen in the form and the other way
 * round. The SPEC's two lists are merged (its header's "eCommerce" and its form's "E-commerce"
 * are one category, E-commerce); decision 009 explains why. Grouped for the selects.
 */
export const NEWS_CATEGORY_GROUPS = [
	{
		label: 'Retail sectors',
		options: [
			'Ad-Tech',
			'Grocery',
			'Convenience',
			'E-commerce',
			'Marketplace',
			'Fashion and Apparel',
			'Electronics and Department Stores',
		],
	},
	{
		label: 'Topics',
		options: [
			'Industry News',
			'Platform Updates',
			'Market Analysis',
			'Trends',
			'Case Studies',
			'Technology',
			'Advertising',
		],
	},
] as const;

export const NEWS_CATEGORIES = NEWS_CATEGORY_GROUPS.flatMap((group) => group.options);

export const EDUCATION_CATEGORIES = ['For Brands', 'For Retailers', 'For Ad Ops', 'For Data Teams'] as const;

export const EDUCATION_CATEGORY_GROUPS = [{ label: 'Audiences', options: EDUCATION_CATEGORIES }] as const;

/** Categories an article of each kind may carry. */
export const ARTICLE_CATEGORIES = {
	news: NEWS_CATEGORIES,
	education: EDUCATION_CATEGORIES,
} as const satisfies Record<ArticleKind, readonly string[]>;

/** The same categories in their groups, for the selects of the home filters and the article form. */
export const ARTICLE_CATEGORY_GROUPS = {
	news: NEWS_CATEGORY_GROUPS,
	education: EDUCATION_CATEGORY_GROUPS,
} as const;

export const PLATFORM_CATEGORIES = [
	'Display',
	'Video',
	'Search',
	'Social',
	'E-commerce',
	'Retail Media Networks',
	'DSP',
	'Commerce Media',
	'AdTech',
	'Reporting',
	'Audiences',
	'Order Management',
	'Demand Aggregator',
	'Supply Side Platform',
] as const;

export const STATIC_PAGE_SLUGS = ['about-us', 'contact', 'privacy-policy', 'terms-of-service'] as const;
