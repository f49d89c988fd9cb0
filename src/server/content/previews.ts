/**
 * Preview links: an editor shares an unpublished item with someone who has no account, and
 * the link shows it as its public page would. A link is a random token (160 bits) of which only
 * the SHA-256 is stored, like every other link the site hands out: nothing to forge, no secret
 * the nodes must share, and a link can be checked against its item on every use. It shows the
 * item for 7 days, and only while the item exists.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import { ARTICLE_KINDS, type ArticleKind, type PreviewSubject } from '@/lib/column-values';
import { config } from '@/server/runtime/config';
import { db, firstRow, previewLinks } from '@/server/db';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { NotFound } from '@/server/errors';
import { type Article, getArticle } from './articles';
import { getEpisode, type PodcastEpisode } from './podcasts';
import { getStaticPageById, type StaticPage } from './static-pages';
import { DAY_MS } from '@/lib/durations';

export const PREVIEW_LIFETIME_MS = 7 * DAY_MS;

/** The address preview links open: a query parameter, as on the site's other token pages. */
export const PREVIEW_PATH = '/preview';

export type PreviewLink = { url: string; expiresAt: Date };

export type PreviewItem =
	| { type: 'article'; kind: ArticleKind; article: Article }
	| { type: 'page'; page: StaticPage }
	| { type: 'episode'; episode: PodcastEpisode };

/** The item a link may name, drafts included; undefined once it is gone. */
async function findItem(type: PreviewSubject, id: number): Promise<PreviewItem | undefined> {
	switch (type) {
		case 'article': {
			// News and education share one table and its ids, so an id names one article.
			for (const kind of ARTICLE_KINDS) {
				const article = await getArticle(kind, id, { includeDrafts: true });
				if (article) return { type, kind, article };
			}
			return undefined;
		}
		case 'page': {
			const page = await getStaticPageById(id);
			return page && { type, page };
		}
		case 'episode': {
			const episode = await getEpisode(id, { includeDrafts: true });
			return episode && { type, episode };
		}
	}
}

/** A new link to the item (404 when there is no such item), made by an editor. */
export async function createPreviewLink(
	{ type, id }: { type: PreviewSubject; id: number },
	editorId: number,
	now = Date.now(),
): Promise<PreviewLink> {
	if (!(await findItem(type, id))) throw new NotFound(`No ${type} with id ${id} to preview.`);
	const token = generateToken();
	const expiresAt = new Date(now + PREVIEW_LIFETIME_MS);
	await db()
		.insert(previewLinks)
		.values({ id: hashToken(token), subjectType: type, subjectId: id, createdBy: editorId, expiresAt });
	const url = new URL(PREVIEW_PATH, config().siteUrl);
	url.searchParams.set('token', token);
	return { url: url.href, expiresAt };
}

/** What a link shows now, or undefined: unknown or altered, expired, or its item deleted. */
export async function previewedItem(token: string, now = Date.now()): Promise<PreviewItem | undefined> {
	if (!token) return undefined;
	const link = await firstRow(
		db()
			.select({ type: previewLinks.subjectType, id: previewLinks.subjectId })
			.from(previewLinks)
			.where(and(eq(previewLinks.id, hashToken(token)), gt(previewLinks.expiresAt, new Date(now)))),
	);
	return link && findItem(link.type, link.id);
}

/** Housekeeping: links past their time show nothing, so their rows go. */
export async function deleteExpiredPreviewLinks(now: number): Promise<void> {
	await db()
		.delete(previewLinks)
		.where(lte(previewLinks.expiresAt, new Date(now)));
}
