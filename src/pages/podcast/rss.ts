/**
 * /podcast/rss: the podcast feed (RSS 2.0 with the iTunes namespace) that podcast apps
 * subscribe to: one item per episode with its audio enclosure, newest first.
 */
import type { APIRoute } from 'astro';
import { enclosureLength, escapeXml, rssFeed, itunesDuration } from '@/server/content/feed-data';
import { audioTypeFor } from '@/lib/validation/episodes';
import { absoluteUrl, PODCAST_NAME, PUBLISHER_NAME } from '@/components/content/structured-data';
import { config } from '@/server/runtime/config';
import { SHOW_COVER } from '@/components/podcast/show-cover';
import { listEpisodes } from '@/server/content/podcasts';
import { episodePath } from '@/lib/public-paths';

export const prerender = false;

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';

/** One XML element with escaped text. */
const tag = (name: string, text: string | number) => `<${name}>${escapeXml(String(text))}</${name}>`;
const itunesImage = (url: string) => `<itunes:image href="${escapeXml(absoluteUrl(url))}"/>`;
/**
 * Podcast apps take artwork only as JPEG or PNG (Apple: 1400-3000 px square); episode images in
 * other formats are left out, so apps fall back to the show's cover.
 */
const isAppArtwork = (url: string | null): url is string => !!url && /\.(jpe?g|png)$/i.test(url);

export const GET: APIRoute = async () => {
	const episodes = await listEpisodes({ sortOrder: 'desc', limit: 100_000, offset: 0 });
	return rssFeed({
		title: PODCAST_NAME,
		description:
			'Conversations with the people building retail media: strategy, measurement, ad tech and what they learned along the way.',
		site: absoluteUrl('/podcast'),
		trailingSlash: false,
		xmlns: { itunes: ITUNES, atom: 'http://www.w3.org/2005/Atom' },
		customData: [
			'<language>en</language>',
			`<atom:link href="${escapeXml(absoluteUrl('/podcast/rss'))}" rel="self" type="application/rss+xml"/>`,
			tag('itunes:author', PUBLISHER_NAME),
			// Podcast directories write to the owner's address to confirm who runs the show.
			`<itunes:owner>${tag('itunes:name', PUBLISHER_NAME)}${tag('itunes:email', config().podcastOwnerEmail)}</itunes:owner>`,
			tag('copyright', `© ${new Date().getUTCFullYear()} ${PUBLISHER_NAME}`),
			'<itunes:category text="Business"/>',
			tag('itunes:explicit', 'false'),
			itunesImage(SHOW_COVER),
			`<image><url>${escapeXml(absoluteUrl(SHOW_COVER))}</url><title>${escapeXml(PODCAST_NAME)}</title><link>${escapeXml(absoluteUrl('/podcast'))}</link></image>`,
			episodes[0] ? `<lastBuildDate>${episodes[0].publishedAt.toUTCString()}</lastBuildDate>` : '',
		].join(''),
		items: episodes.map((episode) => ({
			title: episode.title,
			description: episode.description,
			pubDate: episode.publishedAt,
			link: absoluteUrl(episodePath(episode.slug)),
			categories: episode.tags,
			enclosure: {
				url: absoluteUrl(episode.audioUrl),
				type: episode.audioType ?? audioTypeFor(episode.audioUrl),
				length: enclosureLength(episode),
			},
			customData: [
				`<guid isPermaLink="false">retail-media-hub-podcast-episode-${episode.id}</guid>`,
				tag('itunes:author', episode.author?.name ?? PUBLISHER_NAME),
				tag('itunes:duration', itunesDuration(episode.duration)),
				tag('itunes:episode', episode.episodeNumber),
				tag('itunes:season', episode.seasonNumber),
				tag('itunes:episodeType', 'full'),
				tag('itunes:explicit', 'false'),
				isAppArtwork(episode.imageUrl) ? itunesImage(episode.imageUrl) : '',
			].join(''),
		})),
	});
};
