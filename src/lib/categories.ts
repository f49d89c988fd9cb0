/** The article and platform category lists, shared by the header, forms and endpoints. */

/** The header's News filter set (empty value = all). */
export const NEWS_FILTER_CATEGORIES = [
	'Ad-Tech',
	'Grocery',
	'Convenience',
	'eCommerce',
	'Marketplace',
	'Fashion and Apparel',
	'Electronics and Department Stores',
] as const;

/** The admin form's news categories: a different list from the header's filter set, and both stay. */
export const NEWS_ADMIN_CATEGORIES = [
	'Industry News',
	'Platform Updates',
	'Market Analysis',
	'Trends',
	'Case Studies',
	'Technology',
	'Advertising',
	'E-commerce',
] as const;

export const EDUCATION_CATEGORIES = [
	'For Brands',
	'For Retailers',
	'For Ad Ops',
	'For Data Teams',
] as const;

/** Categories an article of each kind may carry: the admin list plus the header's filter set. */
export const ARTICLE_CATEGORIES = {
	news: [...NEWS_ADMIN_CATEGORIES, ...NEWS_FILTER_CATEGORIES],
	education: [...EDUCATION_CATEGORIES],
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
