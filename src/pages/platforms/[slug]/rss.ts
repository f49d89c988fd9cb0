/**
 * /platforms/{slug}/rss: RSS 2.0 of one platform's editor changes and new reviews, newest first
 * (the platform page links to it). Generated with the platform's page; 404 for an unknown one;
 * its numeric and earlier addresses answer 301 to the current one.
 */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '@/components/content/structured-data';
import { platformFeedItems } from '@/components/platforms/platform-feed';
import { platformFeedPath, platformPath } from '@/lib/public-paths';
import { itemAtAddress } from '@/server/addresses/pages';
import { PLATFORM_NOT_FOUND } from '@/lib/validation/platforms';
import { platformActivity } from '@/server/community/reviews';
import { escapeXml, rssFeed } from '@/server/content/feed-data';
import { findPlatform } from '@/server/platforms/directory';

export const prerender = false;

export const GET: APIRoute = async ({ params, url }) => {
	const found = await itemAtAddress('platform', params.slug, findPlatform, platformFeedPath, url);
	if (found.moved) return found.moved;
	const platform = found.item;
	if (!platform) {
		return new Response(PLATFORM_NOT_FOUND, {
			status: 404,
			headers: { 'content-type': 'text/plain; charset=utf-8' },
		});
	}
	const { changes, reviews } = await platformActivity(platform.id);
	const items = platformFeedItems(platform, changes, reviews);
	const newest = items[0]?.pubDate;
	return rssFeed({
		title: `${platform.name} on Retail Media Hub`,
		description: `What changed on ${platform.name} and its new reviews.`,
		site: absoluteUrl(platformPath(platform.slug)),
		trailingSlash: false,
		xmlns: { atom: 'http://www.w3.org/2005/Atom' },
		customData: [
			'<language>en</language>',
			`<atom:link href="${escapeXml(absoluteUrl(platformFeedPath(platform.slug)))}" rel="self" type="application/rss+xml"/>`,
			newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : '',
		].join(''),
		items: items.map(({ guid, ...item }) => ({
			...item,
			link: absoluteUrl(item.link),
			customData: `<guid isPermaLink="false">${escapeXml(absoluteUrl(guid))}</guid>`,
		})),
	});
};
