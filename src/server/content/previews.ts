/**
 * Preview links: an editor shares an unpublished item with someone who has no account, and
 * the link shows it as its public page would. A link is a random token (160 bits) of which only
 * the SHA-256 is stored, like every other link the site hands out: nothing to forge, no secret
 * the nodes must share, and a link can be checked against its item on every use. It shows the
 * item for 7 days, and only while the item exists, until the item is published (preview-ends.ts),
 * while its creator is an unbanned editor, and until an editor revokes it. Its id, for listing
 * and revoking, is that stored hash: it names the link without opening it.
 */
import { and, asc, count, eq, gt, lte } from 'drizzle-orm';
import { ARTICLE_KINDS, type ArticleKind, type PreviewSubject } from '@/lib/column-values';
import { config } from '@/server/runtime/config';
import { db, firstRow, previewLinks, users } from '@/server/db';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { Conflict, NotFound } from '@/server/errors';
import { type Article, getArticle } from './articles';
import { getEpisode, type PodcastEpisode } from './podcasts';
import { getStaticPageById, type StaticPage } from './static-pages';
import { DAY_MS } from '@/lib/durations';

export const PREVIEW_LIFETIME_MS = 7 * DAY_MS;

/** The address preview links open: a query parameter, as on the site's other token pages. */
export const PREVIEW_PATH = '/preview';

/** At most this many live links per item: each is a copy of a draft in someone's hands. */
export const MAX_LIVE_PREVIEW_LINKS = 20;

export type PreviewLink = { id: string; url: string; expiresAt: Date };

/** A live link as GET /api/admin/previews lists it (the token itself is never stored). */
export type PreviewLinkJson = { id: string; createdAt: Date; expiresAt: Date; createdBy: string | null };

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

/**
 * A link is live while unexpired and while its creator is still an unbanned editor (a link
 * made by someone who lost the role ends with it; one whose creator was deleted has none).
 */
function live(now: number) {
	return and(gt(previewLinks.expiresAt, new Date(now)), eq(users.role, 'editor'), eq(users.isBanned, false));
}

/** The item's live links (with `users` joined on their creator). */
function liveLinksOf(type: PreviewSubject, id: number, now: number) {
	return and(eq(previewLinks.subjectType, type), eq(previewLinks.subjectId, id), live(now));
}

async function assertItemExists(type: PreviewSubject, id: number): Promise<void> {
	if (!(await findItem(type, id))) throw new NotFound(`No ${type} with id ${id} to preview.`);
}

const TOO_MANY_LINKS = `This item already has ${MAX_LIVE_PREVIEW_LINKS} live preview links: revoke one before making another.`;

/** A new link to the item (404 when there is no such item, 409 past the live links' cap), made by an editor. */
export async function createPreviewLink(
	{ type, id }: { type: PreviewSubject; id: number },
	editorId: number,
	now = Date.now(),
): Promise<PreviewLink> {
	await assertItemExists(type, id);
	const [row] = await db()
		.select({ live: count() })
		.from(previewLinks)
		.innerJoin(users, eq(users.id, previewLinks.createdBy))
		.where(liveLinksOf(type, id, now));
	if ((row?.live ?? 0) >= MAX_LIVE_PREVIEW_LINKS) throw new Conflict(TOO_MANY_LINKS);
	const token = generateToken();
	const expiresAt = new Date(now + PREVIEW_LIFETIME_MS);
	const linkId = hashToken(token);
	await db()
		.insert(previewLinks)
		.values({ id: linkId, subjectType: type, subjectId: id, createdBy: editorId, expiresAt });
	const url = new URL(PREVIEW_PATH, config().siteUrl);
	url.searchParams.set('token', token);
	return { id: linkId, url: url.href, expiresAt };
}

/** The item's live links, oldest first (404 when there is no such item). */
export async function listPreviewLinks(
	{ type, id }: { type: PreviewSubject; id: number },
	now = Date.now(),
): Promise<PreviewLinkJson[]> {
	await assertItemExists(type, id);
	return db()
		.select({
			id: previewLinks.id,
			createdAt: previewLinks.createdAt,
			expiresAt: previewLinks.expiresAt,
			createdBy: users.username,
		})
		.from(previewLinks)
		.innerJoin(users, eq(users.id, previewLinks.createdBy))
		.where(liveLinksOf(type, id, now))
		.orderBy(asc(previewLinks.createdAt), asc(previewLinks.id));
}

export const PREVIEW_LINK_NOT_FOUND = 'No such preview link: it was revoked, or has ended.';

/** Revokes one link (404 when there is no such link). */
export async function revokePreviewLink(linkId: string): Promise<void> {
	const removed = await db()
		.delete(previewLinks)
		.where(eq(previewLinks.id, linkId))
		.returning({ id: previewLinks.id });
	if (removed.length === 0) throw new NotFound(PREVIEW_LINK_NOT_FOUND);
}

/** What a link shows now, or undefined: unknown or altered, ended, or its item deleted. */
export async function previewedItem(token: string, now = Date.now()): Promise<PreviewItem | undefined> {
	if (!token) return undefined;
	const link = await firstRow(
		db()
			.select({ type: previewLinks.subjectType, id: previewLinks.subjectId })
			.from(previewLinks)
			.innerJoin(users, eq(users.id, previewLinks.createdBy))
			.where(and(eq(previewLinks.id, hashToken(token)), live(now))),
	);
	return link && findItem(link.type, link.id);
}

/** Housekeeping: links past their time show nothing, so their rows go. */
export async function deleteExpiredPreviewLinks(now: number): Promise<void> {
	await db()
		.delete(previewLinks)
		.where(lte(previewLinks.expiresAt, new Date(now)));
}
