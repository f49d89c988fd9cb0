/**
 * IndexNow: when INDEXNOW_KEY is set, each public item an editor publishes or changes is
 * announced to search engines at once (POST {host, key, keyLocation, urlList} to
 * INDEXNOW_ENDPOINT), instead of waiting for a crawler.
 *
 * Once per change from one node: it listens to the changes committed on this node only
 * (changeBus.madeHere); a change relayed from another node is that node's to announce. A ping
 * runs beside the save, never inside it: bounded by PING_TIMEOUT_MS, and a failure (network
 * error, a non-2xx answer) is logged and dropped.
 *
 * Announced: a published article or episode, an edited static page, a platform created or
 * edited by the editors, a sent newsletter issue, each by its public URL, only while it is public (a draft's
 * save, a deletion, readers' reviews and votes send nothing).
 */
import { changeBus, type ContentChange } from '@/server/changes/content-changes';
import { getArticle } from '@/server/content/articles';
import { getEpisode } from '@/server/content/podcasts';
import { readSentIssue } from '@/server/newsletter/archive';
import { findPlatform } from '@/server/platforms/directory';
import { config } from '@/server/runtime/config';
import { baseLog } from '@/server/runtime/log';
import { outsideRequest } from '@/server/runtime/request-context';
import { newsletterIssuePath } from '@/lib/archive-links';
import { articlePath, episodePath, platformPath, STATIC_PAGE_PATHS } from '@/lib/public-paths';

/** Longest a ping may take; the engines answer in well under a second. */
export const PING_TIMEOUT_MS = 5_000;

const indexNowLog = () => baseLog().child({ subject: 'indexnow' });

/** The public paths of what a change made new or different, while it is public; [] for none. */
export async function publicPathsOfChange(change: ContentChange): Promise<string[]> {
	switch (change.kind) {
		case 'article': {
			const article = await getArticle(change.articleKind, change.id, { includeDrafts: false });
			return article ? [articlePath(change.articleKind, article.slug)] : [];
		}
		case 'page': {
			const path = STATIC_PAGE_PATHS[change.slug];
			return path ? [path] : [];
		}
		case 'platform': {
			const kind = change.platformChange;
			if (kind !== 'created' && kind !== 'updated') return [];
			const platform = await findPlatform(change.id);
			return platform ? [platformPath(platform.slug)] : [];
		}
		case 'newsletter-issue': {
			const issue = await readSentIssue(change.id);
			return issue ? [newsletterIssuePath(issue.slug)] : [];
		}
		case 'episode': {
			const episode = await getEpisode(change.id, { includeDrafts: false });
			return episode ? [episodePath(episode.slug)] : [];
		}
		case 'media-deleted':
			// Media files are not pages.
			return [];
		case 'leaders':
			return ['/leaders'];
	}
}

/** The key file's address, where engines check that the key is ours. */
export function keyLocation(key: string): string {
	return new URL(`/${key}.txt`, config().siteUrl).href;
}

/** POSTs the paths (as absolute URLs) to the endpoint; resolves when done, never rejects. */
export async function pingIndexNow(paths: readonly string[]): Promise<void> {
	const settings = config().indexNow;
	if (!settings || paths.length === 0) return;
	const site = config().siteUrl;
	const urlList = paths.map((path) => new URL(path, site).href);
	try {
		const answer = await fetch(settings.endpoint, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json; charset=utf-8' },
			body: JSON.stringify({
				host: site.host,
				key: settings.key,
				keyLocation: keyLocation(settings.key),
				urlList,
			}),
			signal: AbortSignal.timeout(PING_TIMEOUT_MS),
		});
		await answer.body?.cancel();
		if (!answer.ok) {
			indexNowLog().warn({ status: answer.status, urls: urlList }, 'IndexNow refused a ping');
			return;
		}
		indexNowLog().info({ urls: urlList }, 'IndexNow pinged');
	} catch (error) {
		indexNowLog().warn({ err: error, urls: urlList }, 'IndexNow ping failed');
	}
}

async function announce(change: ContentChange): Promise<void> {
	try {
		await pingIndexNow(await publicPathsOfChange(change));
	} catch (error) {
		indexNowLog().warn({ err: error, change }, 'could not tell which URLs a change touched');
	}
}

let wired = false;

/** Announces this node's public changes (wired by startApp(); a no-op without INDEXNOW_KEY). */
export function wireIndexNow(): void {
	if (wired || !config().indexNow) return;
	wired = true;
	changeBus.madeHere.subscribe((change) => {
		// Not part of the save's request (nor logged under it), and never awaited by it.
		void outsideRequest(() => announce(change));
	});
}
