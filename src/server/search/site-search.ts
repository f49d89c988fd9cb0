/**
 * The site-wide search (GET /api/search, the /search page): one query finds published news,
 * education, podcast episodes, platforms and static pages. Each subject is searched by its own
 * list service, so the rules and the engine's index are the ones its list uses: articles and
 * episodes through their full-text indexes (FTS5 on SQLite, tsvector on PostgreSQL: every word
 * a prefix, all required, ignoring case and accents), platforms by the directory's search
 * (the text anywhere in the name, description, category or a feature, ignoring case). The four
 * static pages are read whole and matched here with the snippet's own word rule, the same on
 * both engines.
 */
import { articlePath, episodePath, platformPath } from '@/lib/public-paths';
import { bestSnippet, matchesEveryWord, type Snippet } from '@/lib/search-snippet';
import type { ArticleKind } from '@/lib/column-values';
import { markdownText } from '@/server/content/markdown';
import { listPlatforms } from '@/server/platforms/directory';
import { STATIC_PAGE_PATHS } from '@/lib/public-paths';
import { listPublished } from '../content/articles';
import { listStaticPages } from '../content/static-pages';
import { listEpisodes } from '../content/podcasts';
import { searchWords } from '@/server/content/search';

/** Hits per group: the search page shows these, and links each group's own list for more. */
export const SEARCH_GROUP_LIMIT = 5;

export type SearchHit = {
	id: number;
	title: string;
	/** The item's slug, as its own API answers carry it. */
	slug: string;
	/** The page of the hit on this site. */
	url: string;
	/** Plain text; `snippet.marks` are the [start, end) offsets of the matched words. */
	snippet: Snippet;
};

export type SiteSearchResults = {
	platforms: SearchHit[];
	news: SearchHit[];
	education: SearchHit[];
	podcasts: SearchHit[];
	pages: SearchHit[];
};

const EMPTY: SiteSearchResults = { platforms: [], news: [], education: [], podcasts: [], pages: [] };

/**
 * The excerpt's or tags' snippet, else the body's: a hit some of whose words are only in its
 * text shows them there. The body is rendered to text only then (a hit found by its title,
 * excerpt and tags, the usual case, costs nothing more), for at most a group's few hits.
 */
function articleSnippet(
	article: { title: string; excerpt: string; tags: string[]; content: string },
	words: string[],
): Snippet {
	const short = [article.excerpt, article.tags.join(', ')];
	if (matchesEveryWord(`${article.title} ${short.join(' ')}`, words)) return bestSnippet(short, words);
	return bestSnippet([...short, markdownText(article.content)], words);
}

async function articleHits(kind: ArticleKind, q: string, words: string[]): Promise<SearchHit[]> {
	const articles = await listPublished(kind, {
		search: q,
		sortOrder: 'desc',
		limit: SEARCH_GROUP_LIMIT,
		offset: 0,
	});
	return articles.map((article) => ({
		id: article.id,
		title: article.title,
		slug: article.slug,
		url: articlePath(kind, article.slug),
		snippet: articleSnippet(article, words),
	}));
}

async function episodeHits(q: string, words: string[]): Promise<SearchHit[]> {
	const episodes = await listEpisodes({ search: q, sortOrder: 'desc', limit: SEARCH_GROUP_LIMIT, offset: 0 });
	return episodes.map((episode) => ({
		id: episode.id,
		title: episode.title,
		slug: episode.slug,
		url: episodePath(episode.slug),
		snippet: bestSnippet([episode.description, episode.tags.join(', ')], words),
	}));
}

async function platformHits(q: string, words: string[]): Promise<SearchHit[]> {
	const platforms = await listPlatforms({
		search: q,
		sortOrder: 'desc',
		limit: SEARCH_GROUP_LIMIT,
		offset: 0,
	});
	return platforms.map((platform) => ({
		id: platform.id,
		title: platform.name,
		slug: platform.slug,
		url: platformPath(platform.slug),
		snippet: bestSnippet([platform.description, platform.category, platform.features.join(', ')], words),
	}));
}

/**
 * Each page's text, by its markdown: rendering costs more than the rest of a search, and pages
 * change rarely. A pure function of the content, so a stale entry is never read; the few pages
 * keep the map small (it is emptied past a bound anyway).
 */
const pageTexts = new Map<string, string>();
const MAX_PAGE_TEXTS = 32;

function pageText(markdown: string): string {
	let text = pageTexts.get(markdown);
	if (text === undefined) {
		if (pageTexts.size >= MAX_PAGE_TEXTS) pageTexts.clear();
		text = markdownText(markdown);
		pageTexts.set(markdown, text);
	}
	return text;
}

async function pageHits(words: string[]): Promise<SearchHit[]> {
	const pages = await listStaticPages();
	return pages
		.flatMap((page) => {
			const url = STATIC_PAGE_PATHS[page.slug];
			if (!url) return [];
			const text = pageText(page.content);
			if (!matchesEveryWord(`${page.title} ${text}`, words)) return [];
			return [{ id: page.id, title: page.title, slug: page.slug, url, snippet: bestSnippet([text], words) }];
		})
		.slice(0, SEARCH_GROUP_LIMIT);
}

/**
 * Everything published that the search finds, up to SEARCH_GROUP_LIMIT per group, newest
 * first (articles, episodes), in the directory's order (platforms) or the pages' own order.
 * A search without a letter or digit finds nothing.
 */
export async function searchSite(q: string): Promise<SiteSearchResults> {
	const words = searchWords(q);
	if (words.length === 0) return EMPTY;
	const [platforms, news, education, podcasts, pages] = await Promise.all([
		platformHits(q, words),
		articleHits('news', q, words),
		articleHits('education', q, words),
		episodeHits(q, words),
		pageHits(words),
	]);
	return { platforms, news, education, podcasts, pages };
}
