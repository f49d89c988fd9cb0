/**
 * /sitemap.xml: every public generated URL (home, listings, static pages, published articles,
 * episodes, platforms, their alternatives, same-category comparisons, the newsletter archive and sent issues), with lastmod where the data has a date. Drafts are never listed. The archives
 * are listed page by page (/news, /news?page=2, ...); their category views are not, being the
 * same articles again.
 */
import type { APIRoute } from 'astro';
import { articlePath, episodePath, platformPath } from '@/lib/public-paths';
import { escapeXml, lastmod, publishedArticles } from '@/server/content/feed-data';
import { absoluteUrl } from '@/components/content/structured-data';
import { listStaticPages } from '@/server/content/static-pages';
import { listEpisodes } from '@/server/content/podcasts';
import { listPlatformAddresses } from '@/server/platforms/directory';
import { archiveCounts } from '@/server/content/archives';
import {
	archivePageCount,
	archivePath,
	newsletterArchivePath,
	newsletterIssuePath,
} from '@/lib/archive-links';
import { sentIssueDates } from '@/server/newsletter/archive';
import type { ArticleKind } from '@/lib/column-values';
import { STATIC_PAGE_PATHS } from '@/lib/public-paths';
import { alternativesPaths } from '@/server/comparisons/alternatives';
import { generatedComparisonPaths } from '@/server/comparisons/comparisons';

export const prerender = false;

type Entry = { path: string; lastmod?: string };

function latest(dates: Date[]): Date | undefined {
	return dates.length ? new Date(Math.max(...dates.map((date) => date.getTime()))) : undefined;
}

/** Every page of an archive, all categories. */
async function archiveEntries(kind: ArticleKind): Promise<Entry[]> {
	const pages = archivePageCount((await archiveCounts(kind)).total);
	return Array.from({ length: pages }, (_, index) => ({ path: archivePath(kind, { page: index + 1 }) }));
}

export const GET: APIRoute = async () => {
	const articles = await publishedArticles();
	const episodes = await listEpisodes({ sortOrder: 'desc', limit: 100_000, offset: 0 });
	const pages = await listStaticPages();
	const platforms = await listPlatformAddresses();
	const issues = await sentIssueDates();
	// The generated comparisons (same-category pairs) only; others render on request.
	const [comparisons, alternatives] = await Promise.all([generatedComparisonPaths(), alternativesPaths()]);
	const entries: Entry[] = [
		{ path: '/', lastmod: lastmod(latest(articles.map((article) => article.updatedAt))) },
		{ path: '/podcast', lastmod: lastmod(episodes[0]?.publishedAt) },
		{ path: '/platforms' },
		{ path: '/platforms/map' },
		{ path: '/leaders' },
		{ path: '/compare' },
		...(await archiveEntries('news')),
		...(await archiveEntries('education')),
		...pages.flatMap((page) => {
			const path = STATIC_PAGE_PATHS[page.slug];
			return path ? [{ path, lastmod: lastmod(page.updatedAt) }] : [];
		}),
		...articles.map((article) => ({
			path: articlePath(article.kind, article.slug),
			lastmod: lastmod(article.updatedAt),
		})),
		...episodes.map((episode) => ({ path: episodePath(episode.slug), lastmod: lastmod(episode.updatedAt) })),
		...platforms.map((platform) => ({ path: platformPath(platform.slug) })),
		...alternatives.map((path) => ({ path })),
		...comparisons.map((path) => ({ path })),
		// The newsletter archive page by page, and each sent issue.
		...Array.from({ length: archivePageCount(issues.length) }, (_, index) => ({
			path: newsletterArchivePath(index + 1),
			lastmod: index === 0 ? lastmod(issues[0]?.sentAt) : undefined,
		})),
		...issues.map((issue) => ({ path: newsletterIssuePath(issue.slug), lastmod: lastmod(issue.sentAt) })),
	];
	const urls = entries.map(
		(entry) =>
			`<url><loc>${escapeXml(absoluteUrl(entry.path))}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
	);
	const xml = [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
		...urls,
		'</urlset>',
		'',
	].join('\n');
	return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
