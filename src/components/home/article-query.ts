/** The home lists' API call: parameters at their defaults are left out. */
import { apiRequest } from '@/lib/api-client';
import type { SectionFilters } from '@/lib/home-filters';
import { toArticleSummary, type ArticleSummary } from '@/components/content/article-summary';

export function articleListUrl(apiPath: string, filters: SectionFilters, limit: number): string {
	const query = new URLSearchParams();
	const search = filters.search.trim();
	if (search) query.set('search', search);
	if (filters.category) query.set('category', filters.category);
	if (filters.sortBy) {
		query.set('sortBy', filters.sortBy);
		if (filters.sortOrder !== 'desc') query.set('sortOrder', filters.sortOrder);
	}
	query.set('limit', String(limit));
	return `${apiPath}?${query.toString()}`;
}

export async function fetchArticles(
	apiPath: string,
	filters: SectionFilters,
	limit: number,
): Promise<ArticleSummary[]> {
	const articles = await apiRequest<ArticleSummary[]>('GET', articleListUrl(apiPath, filters, limit));
	return articles.map(toArticleSummary);
}
