/**
 * Server-only data and XML helpers for the feeds and the sitemap (src/pages/rss.ts,
 * podcast/rss.ts, sitemap.xml.ts): what is public, newest first, and how to write it safely.
 */
import { getRssString, type RSSOptions } from '@astrojs/rss';
import { DEMO_AUDIO_BYTES } from '@/lib/demo-audio';
import type { ArticleKind } from '@/lib/column-values';
import { listPublished, type Article } from '@/server/content/articles';

/** Far above any real archive: feeds and the sitemap list every published article. */
const ALL = 100_000;

export type KindedArticle = Article & { kind: ArticleKind };

/** Every published news and education article, newest first (by creation, like the lists). */
export async function publishedArticles(): Promise<KindedArticle[]> {
	const kinds: ArticleKind[] = ['news', 'education'];
	const lists = await Promise.all(
		kinds.map(async (kind) =>
			(await listPublished(kind, { sortOrder: 'desc', limit: ALL, offset: 0 })).map((article) => ({
				...article,
				kind,
			})),
		),
	);
	return lists.flat().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/**
 * Every code point XML 1.0 forbids (its Char production): the C0 controls but tab, LF and CR,
 * lone surrogates, U+FFFE and U+FFFF. One of them anywhere (a review holding U+FFFE, say) makes
 * the whole document ill-formed, and feed readers drop it.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the code points XML 1.0 forbids; escapeXml and rssFeed both go through it. */
export function xmlChars(value: string): string {
	return value.replace(NOT_XML, '');
}

/** Text or attribute value escaped for XML, without the code points XML 1.0 forbids. */
export function escapeXml(value: string): string {
	return xmlChars(value).replace(
		/[<>&'"]/g,
		(char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
	);
}

/**
 * An RSS answer, as @astrojs/rss's rss() gives it, but well-formed whatever the texts hold: the
 * library escapes markup yet keeps forbidden code points, so they are dropped from the document.
 */
export async function rssFeed(options: RSSOptions): Promise<Response> {
	return new Response(xmlChars(await getRssString(options)), {
		headers: { 'Content-Type': 'application/xml' },
	});
}

/** itunes:duration wants HH:MM:SS; episodes store whole minutes. */
export function itunesDuration(minutes: number): string {
	const total = Math.max(0, Math.round(minutes)) * 60;
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * RSS requires an enclosure length in bytes: the size stored with the episode (given by the
 * editor, or known for the site's own demo clips). An episode saved without one is estimated
 * from its duration at 128 kbit/s, the usual podcast MP3 rate (podcast apps only use it as a
 * hint).
 */
export function enclosureLength(episode: {
	audioUrl: string;
	audioBytes: number | null;
	duration: number;
}): number {
	return (
		episode.audioBytes ??
		DEMO_AUDIO_BYTES[episode.audioUrl] ??
		Math.max(0, Math.round(episode.duration)) * 60 * 16_000
	);
}

/** A sitemap <lastmod> (W3C datetime). */
export function lastmod(date: Date | undefined): string | undefined {
	return date ? date.toISOString() : undefined;
}
