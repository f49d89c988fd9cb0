/**
 * The media library: images editors upload once and pages use by address. An upload is sniffed
 * (sniff.ts), turned into its variants (variants.ts), stored (store.ts) and recorded; pages then
 * ask for /media/{key}, which never changes under its name.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { MediaFormat } from '@/lib/column-values';
import type { SessionUser } from '@/lib/session-user';
import { MEDIA_URL_IN_TEXT, type LibraryImage } from '@/lib/media-images';
import { MAX_MEDIA_BYTES, MEDIA_FILE_NAME, MEDIA_PAGE_SIZE } from '@/lib/validation/media';
import {
	articles,
	db,
	firstRow,
	mediaItems,
	mediaVariants,
	platforms,
	podcastEpisodes,
	staticPages,
	transaction,
} from '@/server/db';
import { containsText } from '@/server/db/sql';
import { publishChange } from '@/server/changes/content-changes';
import { Conflict, NotFound, TooLarge, UnsupportedMedia } from '@/server/errors';
import { fileHead, type UploadedFile } from '@/server/http/upload-file';
import { MEDIA_CONTENT_TYPES, MEDIA_EXTENSIONS, sniffImageFormat } from './sniff';
import { assertWithinQuota } from './quota';
import { mediaStore, type StoredFile } from './store';
import { encodeVariants } from './variants';

/** Where library files are served; pages and the host know the library's images by it. */
export const MEDIA_PATH_PREFIX = '/media/';

export const MEDIA_NOT_FOUND = 'Image not found.';

export type MediaVariant = { width: number; height: number; format: MediaFormat; url: string };

export type MediaItem = {
	id: number;
	/** The fallback: the upload's own format at the largest width. */
	url: string;
	name: string;
	alt: string;
	width: number;
	height: number;
	mimeType: string;
	/** The upload's size as received. */
	bytes: number;
	createdAt: Date;
	/** Every served file, the fallback included, narrowest first. */
	variants: MediaVariant[];
};

const mediaUrl = (key: string) => `${MEDIA_PATH_PREFIX}${key}`;

/** A variant's key: the first 128 bits of its bytes' SHA-256, and its extension. */
function keyOf(data: Buffer, format: MediaFormat): string {
	return `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${MEDIA_EXTENSIONS[format]}`;
}

type ItemRow = typeof mediaItems.$inferSelect;
type VariantRow = typeof mediaVariants.$inferSelect;

function toItem(item: ItemRow, variants: VariantRow[]): MediaItem {
	const fallback = variants.find((variant) => variant.isFallback) ?? variants.at(-1)!;
	return {
		id: item.id,
		url: mediaUrl(fallback.key),
		name: item.name,
		alt: item.alt,
		width: item.width,
		height: item.height,
		mimeType: MEDIA_CONTENT_TYPES[item.format],
		bytes: item.bytes,
		createdAt: item.createdAt,
		variants: variants
			.toSorted((a, b) => a.width - b.width || a.format.localeCompare(b.format))
			.map((variant) => ({
				width: variant.width,
				height: variant.height,
				format: variant.format,
				url: mediaUrl(variant.key),
			})),
	};
}

async function withVariants(items: ItemRow[]): Promise<MediaItem[]> {
	if (items.length === 0) return [];
	const rows = await db()
		.select()
		.from(mediaVariants)
		.where(
			inArray(
				mediaVariants.mediaId,
				items.map((item) => item.id),
			),
		)
		.orderBy(asc(mediaVariants.id));
	return items.map((item) =>
		toItem(
			item,
			rows.filter((row) => row.mediaId === item.id),
		),
	);
}

/** An upload's temporary file (http/upload-file.ts), with the name and alt text it came with. */
export type Upload = { file: UploadedFile; name: string; alt: string };

/** Bytes enough to tell the formats apart (sniffImageFormat reads up to 64). */
const SNIFF_BYTES = 64;

/** An uploaded image, and whether the library held the same image already (then none was added). */
export type UploadedMedia = MediaItem & { alreadyInLibrary: boolean };

/**
 * Stores an image and its variants. Refuses what is not a JPEG, PNG, WebP, AVIF or GIF by its
 * bytes (UnsupportedMedia), and more than MAX_MEDIA_BYTES or the editor's quota (TooLarge). The
 * same image uploaded again (the same fallback file, so the same bytes) adds nothing: the
 * library's first copy is answered, with its own alt text, so the library shows it once.
 */
export async function uploadMedia(upload: Upload, editor: SessionUser): Promise<UploadedMedia> {
	if (upload.file.bytes > MAX_MEDIA_BYTES) {
		throw new TooLarge(`The image is too large: at most ${MAX_MEDIA_BYTES / 1024 / 1024} MB.`);
	}
	await assertWithinQuota(editor, upload.file.bytes);
	const format = sniffImageFormat(await fileHead(upload.file.path, SNIFF_BYTES));
	if (!format) {
		throw new UnsupportedMedia('Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.', 'file');
	}
	const encoded = await encodeVariants(upload.file.path, format);
	const files = encoded.map((variant) => ({ ...variant, key: keyOf(variant.data, variant.format) }));
	const fallback = files.find((file) => file.isFallback)!;
	const earlier = await itemWithFallback(fallback.key);
	if (earlier) return { ...earlier, alreadyInLibrary: true };
	// Files first: a row never names a file that is not there yet (a crash leaves only unnamed files).
	for (const file of files) await mediaStore().put(file.key, MEDIA_CONTENT_TYPES[file.format], file.data);
	const { item, variants } = await transaction(async (tx) => {
		const [item] = await tx
			.insert(mediaItems)
			.values({
				name: upload.name,
				alt: upload.alt,
				format,
				width: fallback.width,
				height: fallback.height,
				bytes: upload.file.bytes,
				uploadedBy: editor.id,
			})
			.returning();
		const variants = await tx
			.insert(mediaVariants)
			.values(
				files.map((file) => ({
					mediaId: item!.id,
					key: file.key,
					format: file.format,
					width: file.width,
					height: file.height,
					bytes: file.data.byteLength,
					isFallback: file.isFallback,
				})),
			)
			.returning();
		return { item: item!, variants };
	});
	return { ...toItem(item, variants), alreadyInLibrary: false };
}

/** The oldest image whose fallback file is this one: the same image uploaded before. */
async function itemWithFallback(key: string): Promise<MediaItem | undefined> {
	const row = await firstRow(
		db()
			.select({ item: mediaItems })
			.from(mediaVariants)
			.innerJoin(mediaItems, eq(mediaItems.id, mediaVariants.mediaId))
			.where(and(eq(mediaVariants.key, key), eq(mediaVariants.isFallback, true)))
			.orderBy(asc(mediaItems.id))
			.limit(1),
	);
	return row && (await withVariants([row.item]))[0];
}

/** One page of the library, newest first, searched by alt text and file name. */
export async function listMedia(query: {
	q?: string;
	page: number;
}): Promise<{ items: MediaItem[]; total: number }> {
	const where = query.q
		? or(containsText(mediaItems.alt, query.q), containsText(mediaItems.name, query.q))
		: undefined;
	const rows = await db()
		.select()
		.from(mediaItems)
		.where(where)
		.orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
		.limit(MEDIA_PAGE_SIZE)
		.offset((query.page - 1) * MEDIA_PAGE_SIZE);
	const counted = await firstRow(
		db()
			.select({ total: sql<number>`count(*)`.mapWith(Number) })
			.from(mediaItems)
			.where(where),
	);
	return { items: await withVariants(rows), total: counted!.total };
}

export async function getMedia(id: number): Promise<MediaItem> {
	const row = await firstRow(db().select().from(mediaItems).where(eq(mediaItems.id, id)));
	if (!row) throw new NotFound(MEDIA_NOT_FOUND);
	return (await withVariants([row]))[0]!;
}

export async function updateMediaAlt(id: number, alt: string): Promise<MediaItem> {
	const [row] = await db().update(mediaItems).set({ alt }).where(eq(mediaItems.id, id)).returning();
	if (!row) throw new NotFound(MEDIA_NOT_FOUND);
	return (await withVariants([row]))[0]!;
}

/** True when the column holds one of the keys (an address, or markdown that embeds it). */
function mentionsAny(column: Parameters<typeof containsText>[0], keys: string[]): SQL {
	return or(...keys.map((key) => containsText(column, key)))!;
}

/** What uses the files (an image's variants, an audio file), as a reader of the dashboard would name each: "news article “Title”". */
export async function usersOfMedia(keys: string[]): Promise<string[]> {
	if (keys.length === 0) return [];
	const [articleRows, pageRows, platformRows, episodeRows] = await Promise.all([
		db()
			.select({ kind: articles.kind, title: articles.title })
			.from(articles)
			.where(or(mentionsAny(articles.imageUrl, keys), mentionsAny(articles.content, keys))),
		db().select({ title: staticPages.title }).from(staticPages).where(mentionsAny(staticPages.content, keys)),
		db()
			.select({ name: platforms.name })
			.from(platforms)
			.where(or(mentionsAny(platforms.logo, keys), mentionsAny(platforms.description, keys))),
		db()
			.select({ title: podcastEpisodes.title })
			.from(podcastEpisodes)
			.where(
				or(
					mentionsAny(podcastEpisodes.imageUrl, keys),
					mentionsAny(podcastEpisodes.audioUrl, keys),
					mentionsAny(podcastEpisodes.description, keys),
				),
			),
	]);
	return [
		...articleRows.map(
			(row) => `${row.kind === 'news' ? 'news article' : 'education article'} “${row.title}”`,
		),
		...pageRows.map((row) => `page “${row.title}”`),
		...platformRows.map((row) => `platform “${row.name}”`),
		...episodeRows.map((row) => `episode “${row.title}”`),
	];
}

/**
 * Deletes an image and the files no other image shares. Refuses (Conflict, naming them) while
 * an article, page, platform or episode uses one of its files.
 */
export async function deleteMedia(id: number): Promise<void> {
	const item = await getMedia(id);
	const keys = item.variants.map((variant) => variant.url.slice(MEDIA_PATH_PREFIX.length));
	const users = await usersOfMedia(keys);
	if (users.length > 0) {
		throw new Conflict(`This image is in use by ${users.join(', ')}. Remove it there first.`);
	}
	const orphaned = await transaction(async (tx) => {
		await tx.delete(mediaItems).where(eq(mediaItems.id, id));
		// Identical uploads share files (same bytes, same key): keep those another image still has.
		const shared = await tx
			.select({ key: mediaVariants.key })
			.from(mediaVariants)
			.where(and(inArray(mediaVariants.key, keys), ne(mediaVariants.mediaId, id)));
		const kept = new Set(shared.map((row) => row.key));
		return keys.filter((key) => !kept.has(key));
	});
	await removeFiles(orphaned);
}

/** Removes stored files no row names any more, and has every node stop serving them. */
export async function removeFiles(keys: string[]): Promise<void> {
	if (keys.length === 0) return;
	await mediaStore().remove(keys);
	// Every node keeps library files in memory like shared answers (the host's cache): the change
	// stream tells each of them, this one at once, to stop serving these. nginx keeps a file for
	// a second, then asks a node again (deploy/nginx.conf), which answers 404.
	publishChange({ kind: 'media-deleted', paths: keys.map(mediaUrl) });
}

/** A library file by its name under /media/, or null when there is none. */
export async function mediaFile(name: string): Promise<StoredFile | null> {
	if (!MEDIA_FILE_NAME.test(name)) return null;
	return mediaStore().get(name);
}

/** How a page shows an image: srcset per modern format, the fallback with its size. */
function libraryImage(item: MediaItem): LibraryImage {
	const sources = (['avif', 'webp'] as const)
		.map((format) => ({
			type: MEDIA_CONTENT_TYPES[format] as LibraryImage['sources'][number]['type'],
			srcset: item.variants
				.filter((variant) => variant.format === format)
				.map((variant) => `${variant.url} ${variant.width}w`)
				.join(', '),
		}))
		.filter((source) => source.srcset !== '');
	return { alt: item.alt, src: item.url, width: item.width, height: item.height, sources };
}

/**
 * The library images the texts mention (markdown bodies, image fields), by every address of
 * each: a page can then show any of them as a responsive <picture>. Addresses of deleted
 * images are simply not in the map (the page keeps a plain <img>).
 */
export async function libraryImagesIn(
	texts: ReadonlyArray<string | null | undefined>,
): Promise<Map<string, LibraryImage>> {
	const keys = new Set<string>();
	for (const text of texts) {
		for (const match of (text ?? '').matchAll(MEDIA_URL_IN_TEXT))
			keys.add(match[0].slice(MEDIA_PATH_PREFIX.length));
	}
	const found = new Map<string, LibraryImage>();
	if (keys.size === 0) return found;
	const owners = await db()
		.selectDistinct({ mediaId: mediaVariants.mediaId })
		.from(mediaVariants)
		.where(inArray(mediaVariants.key, [...keys]));
	if (owners.length === 0) return found;
	const items = await db()
		.select()
		.from(mediaItems)
		.where(
			inArray(
				mediaItems.id,
				owners.map((owner) => owner.mediaId),
			),
		);
	for (const item of await withVariants(items)) {
		const image = libraryImage(item);
		for (const variant of item.variants) found.set(variant.url, image);
	}
	return found;
}
