/**
 * Which public URLs are generated as static files, and which of them a change touches.
 * Every generated page is an on-demand Astro route rendered once here and then served from disk.
 */
import type { ContentChange, PlatformChangeKind } from '@/server/changes/content-changes';
import { publishedArticleAddresses } from '@/server/content/articles';
import { archiveCategories, archiveCounts } from '@/server/content/archives';
import { listEpisodes } from '@/server/content/podcasts';
import { slugsOfItem } from '@/server/addresses/slugs';
import { listPlatformAddresses, listPlatformIds } from '@/server/platforms/directory';
import {
	archivePageCount,
	archivePath,
	newsletterArchivePath,
	newsletterIssuePath,
} from '@/lib/archive-links';
import { sentIssueCount, sentIssueDates } from '@/server/newsletter/archive';
import type { ArticleKind, SlugKind } from '@/lib/column-values';
import {
	articlePath,
	episodePath,
	platformBadgePath,
	platformDarkBadgePath,
	platformFeedPath,
	platformPath,
	STATIC_PAGE_PATHS,
} from '@/lib/public-paths';
import {
	articleShareImagePath,
	episodeShareImagePath,
	platformShareImagePath,
	withShareImages,
} from '@/lib/share-images';
import { alternativesPaths } from '@/server/comparisons/alternatives';
import { generatedComparisonPaths } from '@/server/comparisons/comparisons';
import { categoryLeadersOf, leaderCandidates } from '@/server/community/leaders';

type PlatformContentChange = Extract<ContentChange, { kind: 'platform' }>;

const FEEDS = ['/rss', '/podcast/rss', '/sitemap.xml', '/robots.txt'];
const LISTINGS = ['/', '/podcast', '/platforms', '/platforms/map', '/compare', '/leaders'];
// Shells whose islands do the work after a session check in the browser. Their HTML is the same
// for everyone, but carries absolute URLs (canonical, og:url), so it is generated here from the
// running SITE_URL rather than prerendered by `astro build` with the build's origin.
const SHELLS = [
	'/editor-dashboard',
	'/admin/platforms',
	'/reset-password',
	'/verify-email',
	'/newsletter/confirm',
];

/**
 * How many pages of each archive listing (all, and each category) are generated: the 120
 * newest articles. A new article moves every later article one place, so every generated page
 * of its kind is regenerated on each change; deeper pages, read rarely, render on demand.
 */
export const GENERATED_ARCHIVE_PAGES = 10;

/**
 * The generated archive pages of a kind (/news, /news?page=2, /news?category=Trends, ...).
 * With `beyond`, also the page after each listing's last generated one, so a listing that
 * lost its last page renders that page's 404 and its file is removed.
 */
export async function archivePaths(kind: ArticleKind, { beyond = false } = {}): Promise<string[]> {
	const { total, byCategory } = await archiveCounts(kind);
	const listings: { category?: string; total: number }[] = [
		{ total },
		...archiveCategories(kind).map((category) => ({ category, total: byCategory.get(category) ?? 0 })),
	];
	return listings.flatMap(({ category, total: count }) => {
		const last = Math.min(GENERATED_ARCHIVE_PAGES, archivePageCount(count) + (beyond ? 1 : 0));
		return Array.from({ length: last }, (_, index) => archivePath(kind, { category, page: index + 1 }));
	});
}

/**
 * The generated pages of the newsletter archive (/newsletter, /newsletter?page=2, ...), with
 * `beyond` as archivePaths has it.
 */
export async function newsletterArchivePaths({ beyond = false } = {}): Promise<string[]> {
	const last = Math.min(GENERATED_ARCHIVE_PAGES, archivePageCount(await sentIssueCount()) + (beyond ? 1 : 0));
	return Array.from({ length: last }, (_, index) => newsletterArchivePath(index + 1));
}

/** Every URL a full generation renders. */
export async function allGeneratedPaths(): Promise<string[]> {
	const [news, education, platforms, episodes, newsArchive, educationArchive, issues, newsletterArchive] =
		await Promise.all([
			publishedArticleAddresses('news'),
			publishedArticleAddresses('education'),
			listPlatformAddresses(),
			listEpisodes({ sortOrder: 'desc', limit: 100_000, offset: 0 }),
			archivePaths('news'),
			archivePaths('education'),
			sentIssueDates(),
			newsletterArchivePaths(),
		]);
	const [comparisons, alternatives] = await Promise.all([generatedComparisonPaths(), alternativesPaths()]);
	return [
		...LISTINGS,
		...newsArchive,
		...educationArchive,
		...newsletterArchive,
		...issues.map((issue) => newsletterIssuePath(issue.slug)),
		...Object.values(STATIC_PAGE_PATHS),
		...news.flatMap(({ id, slug }) => [articlePath('news', slug), articleShareImagePath('news', id)]),
		...education.flatMap(({ id, slug }) => [
			articlePath('education', slug),
			articleShareImagePath('education', id),
		]),
		...episodes.flatMap((episode) => [episodePath(episode.slug), episodeShareImagePath(episode.id)]),
		...platforms.flatMap(({ id, slug }) => [
			platformPath(slug),
			platformFeedPath(slug),
			platformShareImagePath(id),
			platformBadgePath(slug),
			platformDarkBadgePath(slug),
		]),
		...withShareImages(comparisons),
		...alternatives,
		...FEEDS,
		...SHELLS,
	];
}

/**
 * The URLs a content change makes stale, beyond the item's own pages (those take a query to
 * find: queriedPathsForContentChange). A render answering 404 removes the file.
 */
export function pathsForContentChange(change: ContentChange): string[] {
	switch (change.kind) {
		case 'article':
			return ['/', articleShareImagePath(change.articleKind, change.id), '/rss', '/sitemap.xml'];
		case 'page': {
			const path = STATIC_PAGE_PATHS[change.slug];
			return path ? [path, '/sitemap.xml'] : [];
		}
		case 'platform':
			return pathsForPlatformChange(change);
		case 'newsletter-issue':
			return ['/sitemap.xml'];
		case 'episode':
			// Besides its own page: its share image, their list, their feed, and the sitemap.
			return [episodeShareImagePath(change.id), '/podcast', '/podcast/rss', '/sitemap.xml'];
		case 'media-deleted':
			// No page shows a deleted image: a delete is refused while anything uses it.
			return [];
		case 'leaders':
			return ['/leaders'];
	}
}

/**
 * The pages of an item at every address it answers at: its current slug's, and its earlier
 * slugs' (which render a 301, so a rename removes the files of the addresses it moved from).
 * A deleted item's slug comes with its change.
 */
async function itemPaths(
	kind: SlugKind,
	id: number,
	gone: string | undefined,
	pagesOf: (slug: string) => string[],
): Promise<string[]> {
	const slugs = await slugsOfItem(kind, id);
	if (gone !== undefined && !slugs.includes(gone)) slugs.push(gone);
	return slugs.flatMap(pagesOf);
}

/**
 * The stale URLs that take a query to find, beyond pathsForContentChange's: the item's own
 * pages at each of its addresses, an article's archive pages, and for a platform created,
 * edited or deleted, every platform page (each lists similar platforms by category and features).
 */
export async function queriedPathsForContentChange(change: ContentChange): Promise<string[]> {
	switch (change.kind) {
		case 'article': {
			const kind = change.articleKind;
			return [
				...(await itemPaths(kind, change.id, change.slug, (slug) => [articlePath(kind, slug)])),
				...(await archivePaths(kind, { beyond: true })),
			];
		}
		case 'newsletter-issue':
			return [
				...(await itemPaths('newsletter-issue', change.id, change.slug, (slug) => [
					newsletterIssuePath(slug),
				])),
				...(await newsletterArchivePaths({ beyond: true })),
			];
		case 'episode':
			return itemPaths('episode', change.id, change.slug, (slug) => [episodePath(slug)]);
		case 'platform': {
			const own = await itemPaths('platform', change.id, change.slug, (slug) =>
				ownPlatformPaths(change.platformChange, slug),
			);
			if (change.platformChange === 'rated') {
				// A platform's rating may move others of its category onto or off the leaders' podium.
				const rivals = (await leaderCandidates(change.id)).map(({ slug }) => platformPath(slug));
				return [...new Set([...own, ...rivals])];
			}
			if (!reshapesDirectory(change.platformChange)) return own;
			const others = (await listPlatformAddresses()).map(({ slug }) => platformPath(slug));
			return [...new Set([...own, ...others])];
		}
		case 'leaders': {
			// The running quarter's leaders: their badges name the new quarter.
			const { categories } = await categoryLeadersOf();
			return categories.flatMap(({ leaders }) => leaders.map(({ slug }) => platformPath(slug)));
		}
		default:
			return [];
	}
}

/** A change of which platforms exist, or of their category or features (not a rating). */
function reshapesDirectory(kind: PlatformChangeKind): boolean {
	return kind === 'created' || kind === 'updated' || kind === 'deleted';
}

/** The platform's own pages (at one of its addresses) a change of it makes stale. */
function ownPlatformPaths(kind: PlatformChangeKind, slug: string): string[] {
	// Votes are read through the API by the page's island.
	if (kind === 'voted' || kind === 'review-voted') return [];
	// The platform's own feed lists its editors' changes and its reviews, not its comments (nor
	// replies or the Claimed mark, which show on its page only).
	if (kind === 'replied' || kind === 'claimed' || kind === 'commented' || kind === 'themed') {
		return [platformPath(slug)];
	}
	// The badge shows the name, rating and review count.
	return [platformPath(slug), platformFeedPath(slug), platformBadgePath(slug), platformDarkBadgePath(slug)];
}

/** The listings a platform change makes stale (its own pages: ownPlatformPaths). */
export function pathsForPlatformChange({ id, platformChange: kind }: PlatformContentChange): string[] {
	if (
		kind === 'voted' ||
		kind === 'review-voted' ||
		kind === 'replied' ||
		kind === 'claimed' ||
		kind === 'themed'
	) {
		return [];
	}
	const paths = ['/platforms', '/compare'];
	// The leaders are ranked by score among platforms with enough reviews, named and linked.
	if (kind !== 'commented') paths.push('/leaders');
	// The home page's #platforms teaser shows names, ratings and review counts (not comments);
	// the market map places platforms by their reviews.
	if (kind !== 'commented') paths.push('/', '/platforms/map');
	// The share image shows the name, category and rating.
	if (kind !== 'commented') paths.push(platformShareImagePath(id));
	// Ratings and comments leave the set of URLs (the sitemap) as it was.
	return kind === 'rated' || kind === 'commented' ? paths : [...paths, '/sitemap.xml'];
}

/**
 * The public API answers (by pathname, whatever the query string) a content change makes stale;
 * shared caches drop exactly these, and the media library files a delete removed. Drafts and
 * editor-only lists are never shared.
 */
export function apiPathsForContentChange(change: ContentChange): string[] {
	// The archive has no public API answers (nor is it searched).
	if (change.kind === 'newsletter-issue') return [];
	if (change.kind === 'leaders') return ['/api/leaders'];
	// The host keeps library files beside the API answers, by their paths (src/server/host/api-cache.ts).
	if (change.kind === 'media-deleted') return change.paths;
	// The site search finds articles, episodes, pages and platforms (not ratings or comments).
	const search =
		change.kind !== 'platform' || reshapesDirectory(change.platformChange) ? ['/api/search'] : [];
	switch (change.kind) {
		case 'article':
			return [`/api/${change.articleKind}`, `/api/${change.articleKind}/${change.id}`, ...search];
		case 'page':
			return ['/api/pages', `/api/pages/${change.slug}`, ...search];
		case 'episode':
			return ['/api/podcasts', `/api/podcasts/${change.id}`, ...search];
		case 'platform':
			return [...apiPathsForPlatformChange(change), ...search];
	}
}

/**
 * The stale public API answers that take a query to find, beyond apiPathsForContentChange's:
 * for a platform created, edited, deleted, rated or claimed, every platform's similar platforms
 * (each item carries its rating and isClaimed).
 */
export async function queriedApiPathsForContentChange(change: ContentChange): Promise<string[]> {
	if (change.kind !== 'platform') return [];
	const kind = change.platformChange;
	if (!reshapesDirectory(kind) && kind !== 'rated' && kind !== 'claimed') return [];
	return (await listPlatformIds()).map((id) => `/api/platforms/${id}/similar`);
}

/** The public API answers a platform change makes stale (see apiPathsForContentChange). */
export function apiPathsForPlatformChange({ id, platformChange: kind }: PlatformContentChange): string[] {
	const list = '/api/platforms';
	const detail = `/api/platforms/${id}`;
	// The market map places every platform by its name, category and reviews.
	const map = '/api/platforms/map';
	// The leaders name platforms (with slug and category) ranked by their score and review count.
	const leaders = '/api/leaders';
	switch (kind) {
		case 'created':
			return [list, map, leaders];
		case 'updated':
			return [list, detail, `${detail}/similar`, `${detail}/history`, map, leaders];
		case 'deleted':
			return [
				list,
				detail,
				`${detail}/comments`,
				`${detail}/ratings`,
				`${detail}/similar`,
				`${detail}/history`,
				`${detail}/rating-trend`,
				map,
				leaders,
			];
		case 'rated':
			// The list and the detail carry the average rating and the review count.
			return [list, detail, `${detail}/ratings`, `${detail}/rating-trend`, map, leaders];
		case 'commented':
		case 'voted':
			return [`${detail}/comments`];
		case 'review-voted':
		case 'replied':
			return [`${detail}/ratings`];
		case 'claimed':
			// isClaimed is in every platform answer (similar platforms: queriedApiPaths...).
			return [list, detail];
		case 'themed':
			// The ratings list filters by theme.
			return [`${detail}/themes`, `${detail}/ratings`];
	}
}
