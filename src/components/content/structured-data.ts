/**
 * Absolute URLs and schema.org data for generated pages. The origin is the runtime SITE_URL
 * (config), not Astro.site: Astro bakes `site` in at build time, while one build serves any
 * origin it is started with.
 */
import { config } from '@/server/runtime/config';
import type { Article } from '@/server/content/articles';
import type { PodcastEpisode } from '@/server/content/podcasts';
import type { ArticleKind } from '@/lib/column-values';
import { articlePath, episodePath } from '@/lib/public-paths';

export const PUBLISHER_NAME = 'Retail Media Hub';
/** The site's logo as a raster image (search engines ask for at least 112 px). */
const LOGO = '/images/logo.png';

/** A site path (or an already absolute URL) as an absolute URL on the public origin. */
export function absoluteUrl(pathOrUrl: string): string {
	return new URL(pathOrUrl, config().siteUrl).href;
}

/**
 * JSON for a <script type="application/ld+json">: `<` is escaped so no text in the data
 * (a title with "</script>") can close the element.
 */
export function jsonForScript(data: unknown): string {
	return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** schema.org Article (NewsArticle for news) of an article page. */
export function articleJsonLd(kind: ArticleKind, article: Article): string {
	return jsonForScript({
		'@context': 'https://schema.org',
		'@type': kind === 'news' ? 'NewsArticle' : 'Article',
		headline: article.title,
		description: article.excerpt,
		datePublished: article.createdAt.toISOString(),
		dateModified: article.updatedAt.toISOString(),
		author: { '@type': 'Person', name: article.author?.name ?? PUBLISHER_NAME },
		...(article.imageUrl ? { image: [absoluteUrl(article.imageUrl)] } : {}),
		publisher: {
			'@type': 'Organization',
			name: PUBLISHER_NAME,
			logo: { '@type': 'ImageObject', url: absoluteUrl(LOGO) },
		},
		mainEntityOfPage: absoluteUrl(articlePath(kind, article.slug)),
		articleSection: article.category,
		...(article.tags.length > 0 ? { keywords: article.tags.join(', ') } : {}),
	});
}

/** One step of a page's breadcrumb trail: its name and site path (or absolute URL). */
export type Breadcrumb = { name: string; path: string };

/**
 * schema.org BreadcrumbList of a content page, as JSON for its own
 * <script type="application/ld+json"> beside the page's other data: the trail from the home
 * page to the page itself, each item an absolute URL on the public origin.
 */
export function breadcrumbJsonLd(items: readonly Breadcrumb[]): string {
	return jsonForScript({
		'@context': 'https://schema.org',
		'@type': 'BreadcrumbList',
		itemListElement: items.map((item, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: item.name,
			item: absoluteUrl(item.path),
		})),
	});
}

/** The first step of every trail. */
export const HOME_BREADCRUMB: Breadcrumb = { name: 'Home', path: '/' };

/** schema.org WebSite and Organization of the home page: the site's name and its publisher. */
export function homeJsonLd(description: string): string {
	const home = absoluteUrl('/');
	return jsonForScript({
		'@context': 'https://schema.org',
		'@graph': [
			{
				'@type': 'WebSite',
				'@id': `${home}#website`,
				name: PUBLISHER_NAME,
				url: home,
				description,
				publisher: { '@id': `${home}#organization` },
			},
			{
				'@type': 'Organization',
				'@id': `${home}#organization`,
				name: PUBLISHER_NAME,
				url: home,
				logo: absoluteUrl(LOGO),
			},
		],
	});
}

/** The show every episode is part of (its name as podcast apps list it). */
export const PODCAST_NAME = 'Retail Media Hub Podcast';

/** Minutes as an ISO 8601 duration (95 -> PT1H35M), as schema.org's timeRequired takes it. */
export function isoDuration(minutes: number): string {
	const total = Math.max(0, Math.round(minutes));
	const hours = Math.floor(total / 60);
	const rest = total % 60;
	return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** schema.org PodcastEpisode of an episode page, with its audio and its show. */
export function episodeJsonLd(episode: PodcastEpisode): string {
	const url = absoluteUrl(episodePath(episode.slug));
	return jsonForScript({
		'@context': 'https://schema.org',
		'@type': 'PodcastEpisode',
		name: episode.title,
		description: episode.description,
		url,
		datePublished: episode.publishedAt.toISOString(),
		timeRequired: isoDuration(episode.duration),
		...(episode.episodeNumber ? { episodeNumber: episode.episodeNumber } : {}),
		...(episode.imageUrl ? { image: absoluteUrl(episode.imageUrl) } : {}),
		associatedMedia: {
			'@type': 'MediaObject',
			contentUrl: absoluteUrl(episode.audioUrl),
			...(episode.audioType ? { encodingFormat: episode.audioType } : {}),
		},
		partOfSeries: { '@type': 'PodcastSeries', name: PODCAST_NAME, url: absoluteUrl('/podcast') },
	});
}
