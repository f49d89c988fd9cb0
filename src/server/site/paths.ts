/**
 * Which public URLs are generated as static files, and which of them a change touches.
 * Every generated page is an on-demand Astro route rendered once here and then served from disk.
 */
import type { ContentChange } from '@/server/content/events';
import { publishedArticleIds } from '@/server/content/articles';
import { listPlatformIds } from '@/server/platforms';
import type { PlatformChange } from '@/server/platforms';

import { STATIC_PAGE_PATHS } from '@/lib/static-page-paths';

export { STATIC_PAGE_PATHS };

const FEEDS = ['/rss', '/podcast/rss', '/sitemap.xml', '/robots.txt'];
const LISTINGS = ['/', '/podcast', '/platforms', '/compare'];
// Shells whose islands do the work after a session check in the browser. Their HTML is the same
// for everyone, but carries absolute URLs (canonical, og:url), so it is generated here from the
// running SITE_URL rather than prerendered by `astro build` with the build's origin.
const SHELLS = ['/editor-dashboard', '/admin/platforms', '/reset-password', '/verify-email'];

/** Every URL a full generation renders. */
export async function allGeneratedPaths(): Promise<string[]> {
	const [news, education, platforms] = await Promise.all([
		publishedArticleIds('news'),
		publishedArticleIds('education'),
		listPlatformIds(),
	]);
	return [
		...LISTINGS,
		...Object.values(STATIC_PAGE_PATHS),
		...news.map((id) => `/news/${id}`),
		...education.map((id) => `/education/${id}`),
		...platforms.map((id) => `/platforms/${id}`),
		...FEEDS,
		...SHELLS,
	];
}

/** The URLs a content change makes stale (a render answering 404 removes the file). */
export function pathsForContentChange(change: ContentChange): string[] {
	switch (change.type) {
		case 'article':
			return ['/', `/${change.kind}/${change.id}`, '/rss', '/sitemap.xml'];
		case 'page': {
			const path = change.slug ? STATIC_PAGE_PATHS[change.slug] : undefined;
			return path ? [path, '/sitemap.xml'] : [];
		}
		case 'podcast':
			return ['/podcast', '/podcast/rss'];
		case 'platform':
			return pathsForPlatformChange({ id: change.id!, kind: change.platformChange! });
	}
}

export function pathsForPlatformChange(change: PlatformChange): string[] {
	// Comments and their votes are read through the API by the page's island.
	if (change.kind === 'voted') return [];
	const paths = ['/platforms', `/platforms/${change.id}`, '/compare'];
	// The home page's #platforms teaser shows names, ratings and review counts (not comments).
	if (change.kind !== 'commented') paths.push('/');
	// Ratings and comments leave the set of URLs (the sitemap) as it was.
	return change.kind === 'rated' || change.kind === 'commented'
		? paths
		: [...paths, '/sitemap.xml'];
}

/**
 * The public API answers (by pathname, whatever the query string) a content change makes stale;
 * shared caches drop exactly these. Drafts and editor-only lists are never shared.
 */
export function apiPathsForContentChange(change: ContentChange): string[] {
	switch (change.type) {
		case 'article':
			return [`/api/${change.kind}`, `/api/${change.kind}/${change.id}`];
		case 'page':
			return change.slug ? ['/api/pages', `/api/pages/${change.slug}`] : ['/api/pages'];
		case 'podcast':
			return ['/api/podcasts'];
		case 'platform':
			return apiPathsForPlatformChange({ id: change.id!, kind: change.platformChange! });
	}
}

/** The public API answers a platform change makes stale (see apiPathsForContentChange). */
export function apiPathsForPlatformChange({ id, kind }: PlatformChange): string[] {
	const list = '/api/platforms';
	const detail = `/api/platforms/${id}`;
	switch (kind) {
		case 'created':
			return [list];
		case 'updated':
			return [list, detail];
		case 'deleted':
			return [list, detail, `${detail}/comments`, `${detail}/ratings`];
		case 'rated':
			// The list and the detail carry the average rating and the review count.
			return [list, detail, `${detail}/ratings`];
		case 'commented':
		case 'voted':
			return [`${detail}/comments`];
	}
}
