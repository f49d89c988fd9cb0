/**
 * What differs between the home page's News and Education sections: the API they read, their
 * category choices and their texts. The page and the islands read this one table.
 */
import { ARTICLE_CATEGORY_GROUPS, type CategoryGroup } from '@/lib/categories';
import type { HomeSection } from '@/lib/home-filters';

export type SectionConfig = {
	apiPath: string;
	heading: string;
	intro: string;
	/** The select's first option (empty value = all). */
	allLabel: string;
	/** The section's categories in their groups (the same the article form offers). */
	categoryGroups: readonly CategoryGroup[];
	searchPlaceholder: string;
	emptyText: string;
	viewAllLabel: string;
};

/** The home page shows at most 6 items per section. */
export const HOME_LIST_LIMIT = 6;

export const HOME_SECTIONS: Record<HomeSection, SectionConfig> = {
	news: {
		apiPath: '/api/news',
		heading: 'Latest News',
		intro: 'What is changing across retail media networks, ad tech and commerce media.',
		allLabel: 'All News',
		categoryGroups: ARTICLE_CATEGORY_GROUPS.news,
		searchPlaceholder: 'Search news...',
		emptyText: 'No news articles available at the moment.',
		viewAllLabel: 'View All News',
	},
	education: {
		apiPath: '/api/education',
		heading: 'Education',
		intro: 'Practical guides for brands, retailers, ad ops and data teams.',
		allLabel: 'All Education',
		categoryGroups: ARTICLE_CATEGORY_GROUPS.education,
		searchPlaceholder: 'Search resources...',
		emptyText: 'No education resources available at the moment.',
		viewAllLabel: 'View All Resources',
	},
};
