/**
 * Hostile input (hardening item 2): property-based requests against every endpoint that takes
 * a body, a query string or a path id, as each role. Bodies come from the endpoint's own zod
 * schema (tests/support/zod-arbitrary.ts): mostly valid, sometimes out of bounds, often mutated
 * into something malformed, plus raw non-JSON text. For every request:
 *
 * - the status is below 500;
 * - a 4xx carries a JSON body with a string `message`;
 * - a 2xx has the endpoint's documented shape;
 * - the database changes only where the caller may change it: nothing at all on a refusal,
 *   the caller's own rows for a user, the targeted rows (and their cascades) for an editor.
 *
 * Runs are bounded and seeded: FUZZ_SEED replays a run, FUZZ_RUNS sets the cases per endpoint
 * for the role the endpoint is for (others get a quarter, at least 5).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ARTICLE_CATEGORIES, STATIC_PAGE_SLUGS } from '@/lib/categories';
import {
	adminPasswordSchema,
	adminRatingListQuerySchema,
	vendorSchema,
	markdownPreviewSchema,
	moderateCommentSchema,
	moderationListQuerySchema,
	previewListQuerySchema,
	previewRequestSchema,
	revisionListQuerySchema,
	userListQuerySchema,
} from '@/lib/validation/admin';
import {
	changeEmailSchema,
	workEmailSchema,
	changePasswordSchema,
	forgotPasswordSchema,
	loginSchema,
	newsletterSchema,
	displayNameSchema,
	registerSchema,
	resetPasswordSchema,
	verifyEmailSchema,
} from '@/lib/validation/auth';
import {
	articleInputSchemas,
	articleListQuerySchema,
	editorArticleListQuerySchema,
	podcastListQuerySchema,
	staticPageInputSchema,
} from '@/lib/validation/content';
import { editorEpisodeListQuerySchema, episodeInputSchema } from '@/lib/validation/episodes';
import { siteSearchQuerySchema } from '@/lib/validation/discovery';
import { analyticsQuerySchema, pageviewEventSchema } from '@/lib/validation/analytics';
import { integrationInputSchema } from '@/lib/validation/api-v1';
import { webhookInputSchema } from '@/lib/validation/webhooks';
import { mediaAltUpdateSchema, mediaListQuerySchema } from '@/lib/validation/media';
import {
	newsletterConfirmSchema,
	liftSuppressionSchema,
	newsletterIssueSchema,
	subscribersQuerySchema,
	newsletterSubscribeSchema,
	unsubscribeTokenSchema,
} from '@/lib/validation/newsletter';
import {
	commentSchema,
	platformFormSchema,
	platformListQuerySchema,
	marketMapQuerySchema,
	leadersQuerySchema,
	ratingListQuerySchema,
	ratingSchema,
	reportSchema,
	voteSchema,
	replySchema,
} from '@/lib/validation/platforms';
import { eq } from 'drizzle-orm';
import { MAX_BODY_BYTES } from '@/server/http/endpoint';
import {
	AUDIO_UPLOAD_PATH,
	MAX_AUDIO_UPLOAD_BODY_BYTES,
	MAX_UPLOAD_BODY_BYTES,
	MEDIA_UPLOAD_PATH,
} from '@/server/http/request-body';
import { insertAudioRow, plainPng, uploadForm } from './media-fixtures';
import { TestClient, jsonOfSize, sendDeclaredLength, sendStreamedBody } from './account-api';
import type { TestServer } from './server';
import { insertEpisode } from './episode-fixtures';
import {
	POLLUTION_MARKER,
	hostileString,
	malformedArbitrary,
	queryArbitrary,
	zodArbitrary,
} from './zod-arbitrary';
import {
	apiRoutesFromFileSystem,
	describeChanges,
	diff,
	freshPersona,
	insertAccount,
	mintSession,
	snapshotWatcher,
	startSecurityServer,
	uniqueTag,
	type Method,
	type Persona,
	type RowChange,
	type Snapshot,
} from './security-roles';
import { testSlug } from './slugs';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_917);
const RUNS = Number(process.env.FUZZ_RUNS ?? 32);
const OTHER_RUNS = Math.max(5, Math.round(RUNS / 4));

type FuzzRole = 'anonymous' | 'banned' | 'user' | 'editor';

let server: TestServer;
let current: () => Promise<Snapshot>;
let editor: Persona;
/** Users the fuzzer rotates through, so per-user hourly limits do not end the run early. */
let users: Persona[];
/** Accounts that editors' user administration may target. */
let victims: number[];
let ids: {
	platform: number;
	news: number[];
	education: number[];
	comments: number[];
	reviews: number[];
	disposable: Record<'news' | 'education', number[]>;
	disposablePlatforms: number[];
	disposableComments: number[];
	newsletterDrafts: number[];
	disposableNewsletters: number[];
	episodes: number[];
	disposableEpisodes: number[];
	media: number[];
	disposableMedia: number[];
	disposableAudio: number[];
	/** Revisions of the articles in revisedArticles, the only rows a restore may change. */
	revisions: number[];
	revisedArticles: number[];
};

/** A library image's rows (no files: the fuzzer reads, edits and deletes records). */
async function insertMedia(): Promise<number> {
	const { mediaItems, mediaVariants } = server.tables;
	const [row] = await server.db
		.insert(mediaItems)
		.values({
			name: 'fuzz.png',
			alt: `Fuzz image ${uniqueTag()}`,
			format: 'png',
			width: 10,
			height: 10,
			bytes: 100,
		})
		.returning({ id: mediaItems.id });
	const key = `${crypto.randomUUID().replaceAll('-', '')}.png`;
	await server.db
		.insert(mediaVariants)
		.values({ mediaId: row!.id, key, format: 'png', width: 10, height: 10, bytes: 100, isFallback: true });
	return row!.id;
}

async function insertArticle(kind: 'news' | 'education'): Promise<number> {
	const now = new Date();
	const { articles } = server.tables;
	const [row] = await server.db
		.insert(articles)
		.values({
			kind,
			title: `Fuzz target ${uniqueTag()}`,
			slug: testSlug(`Fuzz target ${uniqueTag()}`),
			excerpt: 'Target.',
			content: 'Body.',
			category: ARTICLE_CATEGORIES[kind][0],
			tags: [],
			readTime: 3,
			isPublished: true,
			createdAt: now,
			updatedAt: now,
		})
		.returning({ id: articles.id });
	return row!.id;
}

/** A new news article with one revision of it, as a save would leave; the revision's id. */
async function insertRevision(): Promise<{ revision: number; article: number }> {
	const article = await insertArticle('news');
	const { revisions } = server.tables;
	const [row] = await server.db
		.insert(revisions)
		.values({
			itemType: 'article',
			itemId: article,
			authorId: editor.id,
			fields: JSON.stringify({
				title: `Fuzz revision ${uniqueTag()}`,
				excerpt: 'Restored.',
				content: 'Body.',
				category: ARTICLE_CATEGORIES.news[0],
				tags: [],
				readTime: 3,
				isPublished: true,
			}),
			summary: 'Created',
		})
		.returning({ id: revisions.id });
	return { revision: row!.id, article };
}

async function insertNewsletterDraft(): Promise<number> {
	const { newsletterIssues } = server.tables;
	const [row] = await server.db
		.insert(newsletterIssues)
		.values({ subject: `Fuzz issue ${uniqueTag()}`, slug: testSlug('Fuzz issue'), content: 'Body.' })
		.returning({ id: newsletterIssues.id });
	return row!.id;
}

async function insertPlatform(): Promise<number> {
	const { platforms } = server.tables;
	const [row] = await server.db
		.insert(platforms)
		.values({
			name: `Fuzz platform ${uniqueTag()}`,
			slug: testSlug('Fuzz platform'),
			description: 'Target.',
			pricing: 'CPM',
			category: 'DSP',
		})
		.returning({ id: platforms.id });
	return row!.id;
}

async function insertComment(
	platformId: number,
	userId: number,
	status: 'approved' | 'pending',
): Promise<number> {
	const { platformComments } = server.tables;
	const [row] = await server.db
		.insert(platformComments)
		.values({ platformId, userId, comment: `Fuzz comment ${uniqueTag()}`, status })
		.returning({ id: platformComments.id });
	return row!.id;
}

async function insertRating(platformId: number, userId: number): Promise<number> {
	const { platformRatings } = server.tables;
	const [row] = await server.db
		.insert(platformRatings)
		.values({ platformId, userId, rating: 4, review: `Fuzz review ${uniqueTag()}` })
		.returning({ id: platformRatings.id });
	return row!.id;
}

/** Runs `make` n times, one after the other (ids in call order). */
async function times(n: number, make: () => Promise<number>): Promise<number[]> {
	const made: number[] = [];
	for (let i = 0; i < n; i++) made.push(await make());
	return made;
}

/** The file's server and the records the fuzzer aims at. */
async function arrange(): Promise<void> {
	server = await startSecurityServer();
	editor = await freshPersona(server, 'editor');
	users = await Promise.all(Array.from({ length: 6 }, () => freshPersona(server, 'user')));
	victims = await Promise.all(Array.from({ length: 4 }, async () => (await insertAccount(server)).id));
	const platform = await insertPlatform();
	const commenter = victims[0]!;
	ids = {
		platform,
		news: await times(2, () => insertArticle('news')),
		education: await times(2, () => insertArticle('education')),
		comments: [
			await insertComment(platform, commenter, 'approved'),
			await insertComment(platform, commenter, 'approved'),
			await insertComment(platform, commenter, 'pending'),
		],
		reviews: [await insertRating(platform, victims[1]!), await insertRating(platform, victims[2]!)],
		disposable: {
			news: await times(4, () => insertArticle('news')),
			education: await times(4, () => insertArticle('education')),
		},
		disposablePlatforms: await times(3, insertPlatform),
		disposableComments: await times(4, () => insertComment(platform, commenter, 'pending')),
		newsletterDrafts: await times(2, insertNewsletterDraft),
		disposableNewsletters: await times(6, insertNewsletterDraft),
		episodes: await times(2, () => insertEpisode(server)),
		disposableEpisodes: await times(4, () => insertEpisode(server)),
		media: await times(2, insertMedia),
		disposableMedia: await times(3, insertMedia),
		disposableAudio: await times(3, () => insertAudioRow(server)),
		revisions: [],
		revisedArticles: [],
	};
	for (let i = 0; i < 3; i++) {
		const { revision, article } = await insertRevision();
		ids.revisions.push(revision);
		ids.revisedArticles.push(article);
	}
	validPng = await plainPng(20, 20);
	current = snapshotWatcher(server);
}

// ---------------------------------------------------------------- arbitraries

/** Path ids a client might send instead of a number (already URL-encoded). */
const HOSTILE_IDS = [
	'-1',
	'0',
	'00',
	'01',
	'1e99',
	'1e3',
	'1.5',
	'0x1',
	'%00',
	'1%00',
	'%20',
	'%201',
	'1%3B',
	"1'%20OR%20'1'%3D'1",
	'NaN',
	'Infinity',
	'-Infinity',
	'null',
	'undefined',
	'true',
	'__proto__',
	'constructor',
	'%2F',
	'1%2F2',
	'%5C',
	'%E2%80%AE1',
	'%EF%BC%91', // fullwidth 1
	'%D9%A1', // Arabic-Indic 1
	'%F0%9F%99%82',
	'%FF', // not UTF-8
	'%E0%A4', // a cut-off sequence
	'%', // not an escape at all
	'%zz',
	'%2500', // encoded twice
	'1%20OR%201%3D1',
	'9'.repeat(13),
	'9'.repeat(20),
	'1'.repeat(5000),
	'a'.repeat(5000),
	String(Number.MAX_SAFE_INTEGER + 2),
];

function idArbitrary(valid: number[]): fc.Arbitrary<string> {
	return fc.oneof(
		{ weight: 3, arbitrary: fc.constantFrom(...valid).map(String) },
		{ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
		{
			weight: 1,
			arbitrary: fc
				.string({ minLength: 1, maxLength: 30 })
				.filter((s) => !/^\.{1,2}$/.test(s))
				.map(encodeURIComponent),
		},
	);
}

type Body = { text?: string; form?: FormData; mutations?: string[] };

/** A small real image, the one valid upload among the hostile ones. */
let validPng: Buffer;

/**
 * Multipart uploads: a real PNG, SVG and HTML under image names, random bytes, with hostile alt
 * texts and file names, fields missing; and JSON or text where multipart belongs.
 */
function uploadArbitrary(): fc.Arbitrary<Body> {
	const file = fc.oneof(
		fc.constant({ bytes: 'png' as const, mutations: [] as string[] }),
		fc
			.constantFrom(
				'<svg xmlns="http://www.w3.org/2000/svg"/>',
				'<html><script>alert(1)</script></html>',
				'GIF89a',
				'\u0000',
			)
			.map((bytes) => ({ bytes, mutations: ['not an image'] })),
		fc
			.uint8Array({ maxLength: 2000 })
			.map((bytes) => ({ bytes: Buffer.from(bytes), mutations: ['random bytes'] })),
	);
	const form = fc
		.record({
			file: fc.option(file, { nil: undefined }),
			alt: fc.option(fc.oneof(fc.string({ maxLength: 300 }), hostileString()), { nil: undefined }),
			name: fc.oneof(fc.constantFrom('a.png', '../../etc/passwd', 'x.svg', ''), hostileString()),
			type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', ''),
		})
		.map(({ file, alt, name, type }): Body => {
			const data = new FormData();
			if (file) {
				const bytes = file.bytes === 'png' ? validPng : file.bytes;
				data.set(
					'file',
					new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }),
					name,
				);
			}
			if (alt !== undefined) data.set('alt', alt);
			const mutations = [...(file?.mutations ?? ['no file']), ...(alt === undefined ? ['no alt'] : [])];
			return { form: data, mutations };
		});
	return fc.oneof(
		{ weight: 4, arbitrary: form },
		{ weight: 1, arbitrary: fc.constant<Body>({ text: undefined, mutations: ['no body'] }) },
		{
			weight: 1,
			arbitrary: fc
				.jsonValue({ maxDepth: 3 })
				.map((value) => ({ text: JSON.stringify(value), mutations: ['JSON'] })),
		},
	);
}

/**
 * An audio upload's body, sent as it is: text that starts like audio (an ID3 tag, an Ogg page,
 * a WAV header) but is no playable file, markup, random text and JSON, or nothing.
 */
function audioArbitrary(): fc.Arbitrary<Body> {
	return fc.oneof(
		fc
			.tuple(
				fc.constantFrom('ID3', 'OggS', 'RIFF\u0000\u0000\u0000\u0000WAVE', '<svg/>', '{}', ''),
				fc.string({ maxLength: 500 }),
			)
			.map(([start, rest]) => ({ text: start + rest, mutations: ['not playable audio'] })),
		fc.constant<Body>({ text: undefined, mutations: ['no body'] }),
	);
}

/** JSON bodies from the schema, mutated ones, random JSON and raw text that is not JSON. */
function bodyArbitrary(
	bodySchema: z.ZodType,
	overrides: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Body> {
	const valid = zodArbitrary(bodySchema, { edgy: false, overrides });
	return fc.oneof(
		{
			weight: 4,
			arbitrary: zodArbitrary(bodySchema, { overrides }).map((value) => ({
				text: JSON.stringify(value),
			})),
		},
		{
			weight: 4,
			arbitrary: malformedArbitrary(valid).map(({ body, mutations }) => ({
				text: JSON.stringify(body),
				mutations,
			})),
		},
		{
			weight: 1,
			arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ text: JSON.stringify(value) })),
		},
		{
			weight: 1,
			arbitrary: fc
				.oneof(
					fc.constantFrom('{', '{"a":', 'not json', '[', '\u0000', '{"a":1}}', 'NaN', "{'a':1}", '\ufeff{}'),
					hostileString(),
				)
				.map((text) => ({ text, mutations: ['raw text'] })),
		},
		{ weight: 1, arbitrary: fc.constant<Body>({ text: undefined, mutations: ['no body'] }) },
	);
}

// ---------------------------------------------------------------- targets

type Ctx = {
	role: FuzzRole;
	self: number | null;
	targetId: number | null;
	slug: string | null;
	changes: RowChange[];
};

type Target = {
	name: string;
	method: Method;
	/** The path (with id and query), URL-encoded; built when the test runs (ids exist then). */
	path: () => fc.Arbitrary<string>;
	body?: () => fc.Arbitrary<Body>;
	/** Which roles to fuzz as and how many cases each (the role it is for gets RUNS). */
	roles: Partial<Record<FuzzRole, number>>;
	/** Shape of a successful answer. */
	ok?: z.ZodType;
	/** A change the successful call may make; anything else fails. */
	mayChange?: (change: RowChange, ctx: Ctx) => boolean;
	/** Extra checks of a successful answer. */
	check?: (body: any) => void;
};

const userShape = z.looseObject({
	id: z.number(),
	username: z.string(),
	email: z.string(),
	role: z.enum(['user', 'editor']),
	isBanned: z.boolean(),
	isNewsletterSubscribed: z.boolean(),
});
const message = z.looseObject({ message: z.string() });
const mediaShape = z.looseObject({
	id: z.number(),
	url: z.string().regex(/^\/media\/[0-9a-f]{32}\.(jpg|png|gif|webp|avif)$/),
	alt: z.string().min(1).max(250),
	width: z.number(),
	height: z.number(),
	variants: z.array(z.looseObject({ width: z.number(), format: z.string(), url: z.string() })),
});
const articleShape = z.looseObject({
	id: z.number(),
	title: z.string(),
	excerpt: z.string(),
	content: z.string(),
	category: z.string(),
	tags: z.array(z.string()),
	readTime: z.number().int().min(1).max(60),
	isPublished: z.boolean(),
	createdAt: z.string(),
});
const platformShape = z.looseObject({
	id: z.number(),
	name: z.string(),
	description: z.string(),
	features: z.array(z.string()),
	pros: z.array(z.string()),
	cons: z.array(z.string()),
	rating: z.number(),
	reviewCount: z.number(),
});
const newsletterShape = z.looseObject({
	id: z.number(),
	subject: z.string().min(1),
	content: z.string().min(1),
	status: z.enum(['draft', 'sending', 'sent']),
	counts: z.object({
		queued: z.number(),
		sent: z.number(),
		failed: z.number(),
		skipped: z.number(),
	}),
});
const episodeShape = z.looseObject({
	id: z.number(),
	title: z.string().min(1),
	audioUrl: z.string().regex(/^(https?:\/\/|\/(?![\\/]))/i),
	// null: stored before episodes had a type (the feed reads it from the address).
	audioType: z.enum(['audio/mpeg', 'audio/x-m4a', 'audio/mp4']).nullable(),
	duration: z.number().int().min(1).max(1440),
	isPublished: z.boolean(),
	tags: z.array(z.string()),
});
const revisionShape = z.looseObject({
	id: z.number(),
	createdAt: z.string(),
	author: z.object({ username: z.string() }).nullable(),
	summary: z.string().min(1),
});
const commentShape = z.looseObject({
	id: z.number(),
	comment: z.string(),
	status: z.enum(['pending', 'approved', 'rejected']),
});

const row = (change: RowChange) => (change.after ?? change.before)!;
const own = (table: RowChange['table']) => (change: RowChange, ctx: Ctx) =>
	change.table === table && row(change).user_id === ctx.self;
const selfAccount = (change: RowChange, ctx: Ctx) =>
	change.table === 'users' && change.kind === 'changed' && change.id === ctx.self;
const targeted = (table: RowChange['table'], kind: RowChange['kind']) => (change: RowChange, ctx: Ctx) =>
	change.table === table && change.kind === kind && change.id === ctx.targetId;
const added = (table: RowChange['table']) => (change: RowChange) =>
	change.table === table && change.kind === 'added';
/** A partner event of one of the types recorded in the outbox by the change. */
const event =
	(...types: string[]) =>
	(change: RowChange) =>
		added('partner_events')(change) && types.includes(row(change).type as string);
/** Any of the changes the rules allow. */
const either =
	(...rules: ((change: RowChange, ctx: Ctx) => boolean)[]) =>
	(change: RowChange, ctx: Ctx) =>
		rules.some((rule) => rule(change, ctx));

const articleOverrides = (kind: 'news' | 'education') => ({
	category: fc.constantFrom(...ARTICLE_CATEGORIES[kind]),
	imageUrl: fc.constantFrom(
		'',
		null,
		'/images/a.png',
		'https://example.com/a.png',
		'javascript:alert(1)',
		'//evil.example/x.png',
	),
});
const episodeOverrides = {
	audioUrl: fc.constantFrom(
		'/audio/episode-1.mp3',
		'https://cdn.example.com/a.m4a',
		'javascript:alert(1)',
		'//evil.example/a.mp3',
		'',
	),
	imageUrl: articleOverrides('news').imageUrl,
};
const platformOverrides = {
	logo: fc.constantFrom(
		'',
		null,
		'/images/logos/x.svg',
		'https://example.com/logo.png',
		'javascript:alert(1)',
		'//evil.example/x',
	),
	websiteUrl: fc.oneof(
		fc.webUrl(),
		fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'vbscript:x', ' https://ok.example'),
	),
};

const q = (path: string, query: z.ZodType) =>
	queryArbitrary(query).map((search) => (search ? `${path}?${search}` : path));

function targets(): Target[] {
	const list: Target[] = [
		// ------------------------------------------------ accounts
		{
			name: 'POST /api/login',
			method: 'POST',
			path: () => fc.constant('/api/login'),
			body: () => bodyArbitrary(loginSchema),
			roles: { anonymous: RUNS, user: OTHER_RUNS },
			ok: userShape,
		},
		{
			name: 'POST /api/register',
			method: 'POST',
			path: () => fc.constant('/api/register'),
			body: () => bodyArbitrary(registerSchema),
			roles: { anonymous: RUNS, banned: OTHER_RUNS },
			ok: userShape,
			mayChange: (change) =>
				added('users')(change) &&
				row(change).role === 'user' &&
				// Not banned: 0 in a SQLite row, false in a PostgreSQL one.
				[0, false].includes(row(change).is_banned as number | boolean),
		},
		{
			name: 'POST /api/auth/forgot-password',
			method: 'POST',
			path: () => fc.constant('/api/auth/forgot-password'),
			body: () => bodyArbitrary(forgotPasswordSchema),
			roles: { anonymous: RUNS },
			ok: message,
		},
		{
			name: 'POST /api/auth/verify-email',
			method: 'POST',
			path: () => fc.constant('/api/auth/verify-email'),
			body: () => bodyArbitrary(verifyEmailSchema),
			roles: { anonymous: RUNS, user: OTHER_RUNS },
			ok: message,
		},
		{
			name: 'POST /api/auth/reset-password',
			method: 'POST',
			path: () => fc.constant('/api/auth/reset-password'),
			body: () => bodyArbitrary(resetPasswordSchema),
			roles: { anonymous: RUNS },
			ok: message,
		},
		{
			name: 'POST /api/profile/work-email',
			method: 'POST',
			path: () => fc.constant('/api/profile/work-email'),
			body: () => bodyArbitrary(workEmailSchema),
			roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			// Only asked for (a link goes to the address): a message, the account unchanged.
			ok: message,
		},
		{
			name: 'POST /api/profile/work-email/confirm',
			method: 'POST',
			path: () => fc.constant('/api/profile/work-email/confirm'),
			body: () => bodyArbitrary(verifyEmailSchema),
			roles: { user: RUNS, anonymous: OTHER_RUNS },
			ok: message,
		},
		...(
			[
				['email', changeEmailSchema],
				['password', changePasswordSchema],
				['newsletter', newsletterSchema],
				['display-name', displayNameSchema],
			] as const
		).map(
			([name, bodySchema]): Target => ({
				name: `PUT /api/profile/${name}`,
				method: 'PUT',
				path: () => fc.constant(`/api/profile/${name}`),
				body: () => bodyArbitrary(bodySchema),
				roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
				// An email change is only asked for (a link goes to the new address): a message.
				ok: name === 'newsletter' || name === 'display-name' ? userShape : message,
				mayChange: selfAccount,
			}),
		),
		// ------------------------------------------------ content
		...(['news', 'education'] as const).flatMap((kind): Target[] => [
			{
				name: `POST /api/${kind}`,
				method: 'POST',
				path: () => fc.constant(`/api/${kind}`),
				body: () => bodyArbitrary(articleInputSchemas[kind], articleOverrides(kind)),
				roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
				ok: articleShape,
				mayChange: either(
					(change) => added('articles')(change) && row(change).kind === kind,
					event('article.published'),
				),
			},
			{
				name: `PUT /api/${kind}/{id}`,
				method: 'PUT',
				path: () => idArbitrary(ids[kind]).map((id) => `/api/${kind}/${id}`),
				body: () => bodyArbitrary(articleInputSchemas[kind], articleOverrides(kind)),
				roles: { editor: RUNS, user: OTHER_RUNS },
				ok: articleShape,
				mayChange: either(targeted('articles', 'changed'), event('article.published', 'article.updated')),
			},
			{
				name: `GET /api/${kind}`,
				method: 'GET',
				path: () => q(`/api/${kind}`, articleListQuerySchema),
				roles: { anonymous: RUNS },
				ok: z.array(articleShape),
			},
			{
				name: `GET /api/${kind}/all`,
				method: 'GET',
				path: () => q(`/api/${kind}/all`, editorArticleListQuerySchema),
				roles: { editor: RUNS, user: OTHER_RUNS },
				ok: z.array(articleShape),
			},
			{
				name: `GET /api/${kind}/{id}`,
				method: 'GET',
				path: () => idArbitrary(ids[kind]).map((id) => `/api/${kind}/${id}`),
				roles: { anonymous: RUNS },
				ok: articleShape,
			},
		]),
		...(['news', 'education'] as const).map(
			(kind): Target => ({
				name: `DELETE /api/${kind}/{id}`,
				method: 'DELETE',
				path: () => idArbitrary(ids.disposable[kind]).map((id) => `/api/${kind}/${id}`),
				roles: { editor: RUNS, user: OTHER_RUNS },
				ok: message,
				mayChange: (change, ctx) => targeted('articles', 'removed')(change, ctx) && row(change).kind === kind,
			}),
		),
		{
			name: 'PUT /api/pages/{slug}',
			method: 'PUT',
			path: () =>
				fc
					.oneof(
						fc.constantFrom(...STATIC_PAGE_SLUGS),
						fc.constantFrom('ABOUT-US', 'about-us%00', '__proto__', 'x'.repeat(3000), ...HOSTILE_IDS),
						fc
							.string({ minLength: 1 })
							.filter((s) => !/^\.{1,2}$/.test(s))
							.map(encodeURIComponent),
					)
					.map((slug) => `/api/pages/${slug}`),
			body: () => bodyArbitrary(staticPageInputSchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.looseObject({ slug: z.string(), title: z.string(), content: z.string() }),
			mayChange: (change, ctx) =>
				change.table === 'static_pages' && change.kind === 'changed' && row(change).slug === ctx.slug,
		},
		{
			name: 'GET /api/pages/{slug}',
			method: 'GET',
			path: () =>
				fc
					.oneof(fc.constantFrom(...STATIC_PAGE_SLUGS), fc.constantFrom(...HOSTILE_IDS))
					.map((slug) => `/api/pages/${slug}`),
			roles: { anonymous: RUNS },
		},
		{
			name: 'GET /api/podcasts',
			method: 'GET',
			path: () => q('/api/podcasts', podcastListQuerySchema),
			roles: { anonymous: RUNS },
			ok: z.array(episodeShape),
		},
		{
			name: 'GET /api/podcasts/all',
			method: 'GET',
			path: () => q('/api/podcasts/all', editorEpisodeListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.array(episodeShape),
		},
		{
			name: 'POST /api/podcasts',
			method: 'POST',
			path: () => fc.constant('/api/podcasts'),
			body: () => bodyArbitrary(episodeInputSchema, episodeOverrides),
			roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			ok: episodeShape,
			mayChange: either(added('podcast_episodes'), event('episode.published')),
		},
		{
			name: 'GET /api/podcasts/{id}',
			method: 'GET',
			path: () => idArbitrary(ids.episodes).map((id) => `/api/podcasts/${id}`),
			roles: { anonymous: RUNS },
			ok: episodeShape,
		},
		{
			name: 'PUT /api/podcasts/{id}',
			method: 'PUT',
			path: () => idArbitrary(ids.episodes).map((id) => `/api/podcasts/${id}`),
			body: () => bodyArbitrary(episodeInputSchema, episodeOverrides),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: episodeShape,
			mayChange: either(targeted('podcast_episodes', 'changed'), event('episode.published')),
		},
		{
			name: 'DELETE /api/podcasts/{id}',
			method: 'DELETE',
			path: () => idArbitrary(ids.disposableEpisodes).map((id) => `/api/podcasts/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: message,
			mayChange: targeted('podcast_episodes', 'removed'),
		},
		{
			name: 'GET /api/search',
			method: 'GET',
			path: () => q('/api/search', siteSearchQuerySchema),
			roles: { anonymous: RUNS },
			ok: z.looseObject({
				platforms: z.array(z.unknown()),
				news: z.array(z.unknown()),
				pages: z.array(z.unknown()),
			}),
		},
		{
			name: 'GET /api/placeholder/{w}/{h}',
			method: 'GET',
			path: () =>
				fc
					.tuple(idArbitrary([1, 60, 2000, 2001]), idArbitrary([1, 40, 2000, 9999]))
					.map(([w, h]) => `/api/placeholder/${w}/${h}`),
			roles: { anonymous: RUNS },
		},
		// ------------------------------------------------ platforms and community
		{
			name: 'GET /api/platforms',
			method: 'GET',
			path: () => q('/api/platforms', platformListQuerySchema),
			roles: { anonymous: RUNS },
			ok: z.array(platformShape),
		},
		{
			name: 'GET /api/platforms/map',
			method: 'GET',
			path: () => q('/api/platforms/map', marketMapQuerySchema),
			roles: { anonymous: RUNS },
			ok: z.array(
				z.object({
					id: z.number(),
					name: z.string(),
					satisfaction: z.number().min(0).max(100),
					presence: z.number().min(0).max(100),
					reviewCount: z.number(),
				}),
			),
		},
		{
			name: 'GET /api/leaders',
			method: 'GET',
			path: () => q('/api/leaders', leadersQuerySchema),
			roles: { anonymous: RUNS },
			ok: z.object({
				quarter: z.string().regex(/^\d{4}-Q[1-4]$/),
				categories: z.array(
					z.object({ category: z.string(), leaders: z.array(z.looseObject({ id: z.number() })) }),
				),
			}),
		},
		{
			name: 'GET /api/platforms/{id}/ratings',
			method: 'GET',
			path: () => q(`/api/platforms/${ids.platform}/ratings`, ratingListQuerySchema),
			roles: { anonymous: RUNS },
			ok: z.array(z.looseObject({ id: z.number(), isAffiliated: z.boolean() })),
		},
		...(['', '/comments', '/similar'] as const).map(
			(suffix): Target => ({
				name: `GET /api/platforms/{id}${suffix}`,
				method: 'GET',
				path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}${suffix}`),
				roles: { anonymous: RUNS },
				ok: suffix === '' ? platformShape : z.array(z.looseObject({ id: z.number() })),
			}),
		),
		{
			name: 'GET /api/platforms/{id}/history',
			method: 'GET',
			path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}/history`),
			roles: { anonymous: RUNS },
			ok: z.array(z.looseObject({ at: z.string(), field: z.string() })),
		},
		{
			name: 'GET /api/platforms/{id}/rating-trend',
			method: 'GET',
			path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}/rating-trend`),
			roles: { anonymous: RUNS },
			ok: z.array(z.looseObject({ month: z.string(), average: z.number(), count: z.number() })),
		},
		{
			name: 'GET /api/platforms/{id}/themes',
			method: 'GET',
			path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}/themes`),
			roles: { anonymous: RUNS },
			ok: z.looseObject({ likes: z.array(z.unknown()), dislikes: z.array(z.unknown()) }),
		},
		{
			name: 'POST /api/platforms/{id}/ratings',
			method: 'POST',
			path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}/ratings`),
			body: () => bodyArbitrary(ratingSchema),
			roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.looseObject({
				rating: z.looseObject({ id: z.number(), rating: z.number().int().min(1).max(5) }),
				platform: z.looseObject({ rating: z.number(), reviewCount: z.number() }),
			}),
			mayChange: either(own('platform_ratings'), event('review.created')),
		},
		{
			name: 'POST /api/platforms/{id}/comments',
			method: 'POST',
			path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}/comments`),
			body: () => bodyArbitrary(commentSchema),
			roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			ok: commentShape.extend({ status: z.literal('pending') }),
			mayChange: (change, ctx) =>
				own('platform_comments')(change, ctx) && change.kind === 'added' && row(change).status === 'pending',
		},
		{
			name: 'GET /api/platforms/{id}/my-votes',
			method: 'GET',
			path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}/my-votes`),
			roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.object({
				reviews: z.record(z.string(), z.enum(['helpful', 'unhelpful'])),
				comments: z.record(z.string(), z.enum(['helpful', 'unhelpful'])),
			}),
		},
		...(['POST', 'DELETE'] as const).map(
			(method): Target => ({
				name: `${method} /api/platforms/{id}/follow`,
				method,
				path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}/follow`),
				roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
				ok: z.object({
					follows: z.array(z.object({ platformId: z.number(), name: z.string(), followedAt: z.string() })),
				}),
				mayChange: own('platform_follows'),
			}),
		),
		{
			name: 'GET /api/comments/{id}/vote',
			method: 'GET',
			path: () => idArbitrary(ids.comments).map((id) => `/api/comments/${id}/vote`),
			roles: { user: RUNS, anonymous: OTHER_RUNS },
			ok: z.object({ voteType: z.enum(['helpful', 'unhelpful']).nullable() }),
		},
		{
			name: 'POST /api/comments/{id}/vote',
			method: 'POST',
			path: () => idArbitrary(ids.comments).map((id) => `/api/comments/${id}/vote`),
			body: () => bodyArbitrary(voteSchema),
			roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.looseObject({
				voteType: z.enum(['helpful', 'unhelpful']).nullable(),
				helpfulVotes: z.number(),
				unhelpfulVotes: z.number(),
			}),
			mayChange: own('comment_votes'),
		},
		{
			name: 'GET /api/ratings/{id}/vote',
			method: 'GET',
			path: () => idArbitrary(ids.reviews).map((id) => `/api/ratings/${id}/vote`),
			roles: { user: RUNS, anonymous: OTHER_RUNS },
			ok: z.object({ voteType: z.enum(['helpful', 'unhelpful']).nullable() }),
		},
		{
			name: 'POST /api/ratings/{id}/vote',
			method: 'POST',
			path: () => idArbitrary(ids.reviews).map((id) => `/api/ratings/${id}/vote`),
			body: () => bodyArbitrary(voteSchema),
			roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.looseObject({
				voteType: z.enum(['helpful', 'unhelpful']).nullable(),
				helpfulCount: z.number(),
				unhelpfulCount: z.number(),
			}),
			mayChange: own('review_votes'),
		},
		{
			// Nobody fuzzing represents the platform: every well-formed reply is refused (403).
			name: 'POST /api/ratings/{id}/reply',
			method: 'POST',
			path: () => idArbitrary(ids.reviews).map((id) => `/api/ratings/${id}/reply`),
			body: () => bodyArbitrary(replySchema),
			roles: { user: RUNS, editor: OTHER_RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.looseObject({ content: z.string() }),
		},
		{
			name: 'POST /api/ratings/{id}/report',
			method: 'POST',
			path: () => idArbitrary(ids.reviews).map((id) => `/api/ratings/${id}/report`),
			body: () => bodyArbitrary(reportSchema),
			roles: { user: RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
			ok: message,
			mayChange: own('review_reports'),
		},
		// ------------------------------------------------ administration
		{
			name: 'GET /api/admin/ratings',
			method: 'GET',
			path: () => q('/api/admin/ratings', adminRatingListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.looseObject({
				reviews: z.array(z.looseObject({ id: z.number(), reportCount: z.number() })),
				total: z.number(),
			}),
		},
		{
			name: 'PUT /api/admin/users/{id}/vendor',
			method: 'PUT',
			path: () => idArbitrary(victims).map((id) => `/api/admin/users/${id}/vendor`),
			body: () => bodyArbitrary(vendorSchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: userShape,
			mayChange: (change, ctx) =>
				change.table === 'platform_representatives' && row(change).user_id === ctx.targetId,
		},
		{
			name: 'GET /api/admin/comments',
			method: 'GET',
			path: () => q('/api/admin/comments', moderationListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.looseObject({ comments: z.array(commentShape), total: z.number() }),
		},
		{
			name: 'PATCH /api/admin/comments/{id}/moderate',
			method: 'PATCH',
			path: () => idArbitrary(ids.comments).map((id) => `/api/admin/comments/${id}/moderate`),
			body: () => bodyArbitrary(moderateCommentSchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: commentShape,
			mayChange: (change, ctx) =>
				targeted('platform_comments', 'changed')(change, ctx) &&
				Object.keys(change.after!).every(
					(key) => key === 'status' || change.after![key] === change.before![key],
				),
		},
		{
			name: 'DELETE /api/admin/comments/{id}',
			method: 'DELETE',
			path: () => idArbitrary(ids.disposableComments).map((id) => `/api/admin/comments/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: message,
			mayChange: (change, ctx) =>
				targeted('platform_comments', 'removed')(change, ctx) ||
				(change.table === 'comment_votes' &&
					change.kind === 'removed' &&
					row(change).comment_id === ctx.targetId),
		},
		{
			name: 'POST /api/admin/markdown-preview',
			method: 'POST',
			path: () => fc.constant('/api/admin/markdown-preview'),
			body: () =>
				fc.oneof(
					bodyArbitrary(markdownPreviewSchema),
					fc.constantFrom(...XSS_MARKDOWN).map((content) => ({ text: JSON.stringify({ content }) })),
				),
			roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS },
			ok: z.object({ html: z.string() }),
			check: (body) => expectSafeHtml(body.html),
		},
		{
			name: 'POST /api/admin/previews',
			method: 'POST',
			path: () => fc.constant('/api/admin/previews'),
			body: () => bodyArbitrary(previewRequestSchema),
			roles: { editor: RUNS, user: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.object({
				id: z.string().regex(/^[0-9a-f]{64}$/),
				url: z.string().startsWith('http'),
				expiresAt: z.string(),
			}),
		},
		{
			name: 'GET /api/admin/previews',
			method: 'GET',
			path: () => q('/api/admin/previews', previewListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.array(
				z.object({ id: z.string(), createdAt: z.string(), expiresAt: z.string(), createdBy: z.string() }),
			),
		},
		{
			name: 'GET /api/admin/revisions',
			method: 'GET',
			path: () => q('/api/admin/revisions', revisionListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.array(revisionShape),
		},
		{
			name: 'GET /api/admin/revisions/{id}',
			method: 'GET',
			path: () => idArbitrary(ids.revisions).map((id) => `/api/admin/revisions/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: revisionShape.extend({ fields: z.record(z.string(), z.unknown()), diff: z.array(z.unknown()) }),
		},
		{
			name: 'POST /api/admin/revisions/{id}/restore',
			method: 'POST',
			path: () => idArbitrary(ids.revisions).map((id) => `/api/admin/revisions/${id}/restore`),
			roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS },
			ok: revisionShape,
			mayChange: either(
				(change) =>
					change.table === 'articles' && change.kind === 'changed' && ids.revisedArticles.includes(change.id),
				event('article.published', 'article.updated'),
			),
		},
		{
			name: 'GET /api/admin/media',
			method: 'GET',
			path: () => q('/api/admin/media', mediaListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.array(mediaShape),
		},
		{
			name: 'POST /api/admin/media',
			method: 'POST',
			path: () => fc.constant('/api/admin/media'),
			body: uploadArbitrary,
			roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS },
			ok: mediaShape,
			mayChange: added('media_items'),
		},
		{
			name: 'POST /api/admin/media/audio',
			method: 'POST',
			path: () => fc.constant(AUDIO_UPLOAD_PATH),
			body: audioArbitrary,
			roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS },
			ok: z.looseObject({
				url: z.string().regex(/^\/media\/[0-9a-f]{32}\.mp3$/),
				bytes: z.number().int().positive(),
				type: z.literal('audio/mpeg'),
			}),
			mayChange: added('media_audio'),
		},
		{
			name: 'GET /api/admin/media/audio',
			method: 'GET',
			path: () => q(AUDIO_UPLOAD_PATH, mediaListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.array(z.looseObject({ id: z.number().int(), url: z.string().startsWith('/media/') })),
		},
		{
			name: 'DELETE /api/admin/media/audio/{id}',
			method: 'DELETE',
			path: () => idArbitrary(ids.disposableAudio).map((id) => `${AUDIO_UPLOAD_PATH}/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: message,
			mayChange: targeted('media_audio', 'removed'),
		},
		{
			name: 'GET /api/admin/media/{id}',
			method: 'GET',
			path: () => idArbitrary(ids.media).map((id) => `/api/admin/media/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: mediaShape,
		},
		{
			name: 'PATCH /api/admin/media/{id}',
			method: 'PATCH',
			path: () => idArbitrary(ids.media).map((id) => `/api/admin/media/${id}`),
			body: () => bodyArbitrary(mediaAltUpdateSchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: mediaShape,
			mayChange: targeted('media_items', 'changed'),
		},
		{
			name: 'DELETE /api/admin/media/{id}',
			method: 'DELETE',
			path: () => idArbitrary(ids.disposableMedia).map((id) => `/api/admin/media/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: message,
			mayChange: targeted('media_items', 'removed'),
		},
		{
			name: 'GET /api/admin/platforms',
			method: 'GET',
			path: () => q('/api/admin/platforms', platformListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS, banned: OTHER_RUNS },
			ok: z.array(platformShape),
		},
		{
			name: 'POST /api/admin/platforms',
			method: 'POST',
			path: () => fc.constant('/api/admin/platforms'),
			body: () => bodyArbitrary(platformFormSchema, platformOverrides),
			roles: { editor: RUNS, user: OTHER_RUNS, banned: OTHER_RUNS },
			ok: platformShape,
			mayChange: added('platforms'),
			check: (body) => expectSafePlatformUrls(body),
		},
		{
			name: 'PUT /api/admin/platforms/{id}',
			method: 'PUT',
			path: () =>
				idArbitrary([ids.platform, ...ids.disposablePlatforms]).map((id) => `/api/admin/platforms/${id}`),
			body: () => bodyArbitrary(platformFormSchema, platformOverrides),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: platformShape,
			mayChange: either(targeted('platforms', 'changed'), event('platform.updated')),
			check: (body) => expectSafePlatformUrls(body),
		},
		{
			name: 'DELETE /api/admin/platforms/{id}',
			method: 'DELETE',
			path: () => idArbitrary(ids.disposablePlatforms).map((id) => `/api/admin/platforms/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: message,
			mayChange: (change, ctx) => {
				if (targeted('platforms', 'removed')(change, ctx)) return true;
				if (change.kind !== 'removed') return false;
				if (change.table === 'platform_ratings' || change.table === 'platform_comments')
					return row(change).platform_id === ctx.targetId;
				const goneComments = new Set(
					ctx.changes.filter((c) => c.table === 'platform_comments' && c.kind === 'removed').map((c) => c.id),
				);
				return change.table === 'comment_votes' && goneComments.has(row(change).comment_id as number);
			},
		},
		{
			name: 'GET /api/admin/users',
			method: 'GET',
			path: () => q('/api/admin/users', userListQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.looseObject({ users: z.array(userShape), total: z.number() }),
			check: (body) => expect(JSON.stringify(body)).not.toMatch(/password|\$argon2/i),
		},
		...(['ban', 'unban'] as const).map(
			(action): Target => ({
				name: `PUT /api/admin/users/{id}/${action}`,
				method: 'PUT',
				path: () => idArbitrary(victims).map((id) => `/api/admin/users/${id}/${action}`),
				roles: { editor: RUNS, user: OTHER_RUNS },
				ok: userShape,
				mayChange: targeted('users', 'changed'),
			}),
		),
		{
			name: 'PUT /api/admin/users/{id}/password',
			method: 'PUT',
			path: () => idArbitrary(victims).map((id) => `/api/admin/users/${id}/password`),
			body: () => bodyArbitrary(adminPasswordSchema, { confirmPassword: fc.constant(undefined) }),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: message,
			mayChange: targeted('users', 'changed'),
		},
		// ------------------------------------------------ newsletter
		{
			name: 'POST /api/admin/newsletters',
			method: 'POST',
			path: () => fc.constant('/api/admin/newsletters'),
			body: () => bodyArbitrary(newsletterIssueSchema),
			roles: { editor: RUNS, user: OTHER_RUNS, banned: OTHER_RUNS },
			ok: newsletterShape,
		},
		{
			name: 'PUT /api/admin/newsletters/{id}',
			method: 'PUT',
			path: () => idArbitrary(ids.newsletterDrafts).map((id) => `/api/admin/newsletters/${id}`),
			body: () => bodyArbitrary(newsletterIssueSchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: newsletterShape,
		},
		{
			name: 'DELETE /api/admin/newsletters/{id}',
			method: 'DELETE',
			path: () => idArbitrary(ids.disposableNewsletters).map((id) => `/api/admin/newsletters/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: message,
		},
		{
			name: 'POST /api/admin/newsletters/{id}/test',
			method: 'POST',
			path: () => idArbitrary(ids.newsletterDrafts).map((id) => `/api/admin/newsletters/${id}/test`),
			roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			ok: message,
		},
		{
			name: 'POST /api/admin/newsletters/{id}/send',
			method: 'POST',
			path: () => idArbitrary(ids.disposableNewsletters).map((id) => `/api/admin/newsletters/${id}/send`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: newsletterShape,
			mayChange: event('newsletter.sent'),
		},
		{
			name: 'POST /api/admin/newsletters/{id}/schedule',
			method: 'POST',
			path: () => idArbitrary(ids.newsletterDrafts).map((id) => `/api/admin/newsletters/${id}/schedule`),
			body: () =>
				fc.oneof(
					fc
						.constantFrom(
							'2099-01-01T00:00:00Z',
							'2099-01-01T00:00:00+02:00',
							'2000-01-01T00:00:00Z',
							'tomorrow',
							'',
							'2099-13-45T99:99:99Z',
						)
						.map((sendAt) => ({ text: JSON.stringify({ sendAt }) })),
					fc.anything().map((sendAt) => ({ text: JSON.stringify({ sendAt }) ?? '{}' })),
					fc.string().map((text) => ({ text })),
				),
			roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			ok: newsletterShape,
		},
		{
			name: 'DELETE /api/admin/newsletters/{id}/schedule',
			method: 'DELETE',
			path: () => idArbitrary(ids.newsletterDrafts).map((id) => `/api/admin/newsletters/${id}/schedule`),
			roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			ok: newsletterShape,
		},
		{
			name: 'GET /api/admin/newsletters/{id}/links',
			method: 'GET',
			path: () => idArbitrary(ids.newsletterDrafts).map((id) => `/api/admin/newsletters/${id}/links`),
			roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			ok: z.array(z.object({ url: z.string(), clicks: z.number() })),
		},
		...(['/api/admin/newsletters/subscribers', '/api/admin/newsletters/subscribers.csv'] as const).map(
			(route): Target => ({
				name: `GET ${route}`,
				method: 'GET',
				path: () => q(route, subscribersQuerySchema),
				roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			}),
		),
		{
			name: 'DELETE /api/admin/newsletters/suppressions',
			method: 'DELETE',
			path: () => q('/api/admin/newsletters/suppressions', liftSuppressionSchema),
			roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			ok: message,
		},
		{
			name: 'POST /api/admin/newsletters/preview',
			method: 'POST',
			path: () => fc.constant('/api/admin/newsletters/preview'),
			body: () => bodyArbitrary(newsletterIssueSchema),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
		},
		{
			name: 'POST /api/newsletter/subscribe',
			method: 'POST',
			path: () => fc.constant('/api/newsletter/subscribe'),
			body: () => bodyArbitrary(newsletterSubscribeSchema),
			roles: { anonymous: RUNS, user: OTHER_RUNS },
			ok: message,
			// A signed-in caller's own account is subscribed (a visitor's address becomes a pending
			// member, in tables this check does not watch).
			mayChange: (change, ctx) =>
				ctx.self !== null &&
				change.table === 'users' &&
				change.kind === 'changed' &&
				row(change).id === ctx.self,
		},
		{
			name: 'POST /api/newsletter/confirm',
			method: 'POST',
			path: () => fc.constant('/api/newsletter/confirm'),
			body: () => bodyArbitrary(newsletterConfirmSchema),
			roles: { anonymous: RUNS, user: OTHER_RUNS },
			ok: message,
			// A token nobody was given confirms nothing.
		},
		...(['POST', 'GET'] as const).map(
			(method): Target => ({
				name: `${method} /api/newsletter/unsubscribe`,
				method,
				path: () => q('/api/newsletter/unsubscribe', unsubscribeTokenSchema),
				roles: { anonymous: RUNS, user: OTHER_RUNS },
				// A token nobody was given names no account: nothing may change.
			}),
		),
		...(['POST', 'GET'] as const).map(
			(method): Target => ({
				name: `${method} /api/follows/unsubscribe`,
				method,
				path: () => q('/api/follows/unsubscribe', unsubscribeTokenSchema),
				roles: { anonymous: RUNS, user: OTHER_RUNS },
				// A token nobody was given names no follow: nothing may change.
			}),
		),
		// ------------------------------------------------ partners and analytics (issues 45 to 47)
		{
			name: 'GET /api/admin/analytics',
			method: 'GET',
			path: () => q('/api/admin/analytics', analyticsQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS },
			ok: z.looseObject({ days: z.number(), visitors: z.number(), pageviews: z.number() }),
		},
		{
			name: 'GET /api/admin/analytics/views',
			method: 'GET',
			path: () => q('/api/admin/analytics/views', analyticsQuerySchema),
			roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS },
			ok: z.object({
				days: z.number(),
				pages: z.array(z.object({ path: z.string(), pageviews: z.number() })),
			}),
		},
		{
			name: 'POST /api/events',
			method: 'POST',
			path: () => fc.constant('/api/events'),
			body: () => bodyArbitrary(pageviewEventSchema),
			roles: { anonymous: RUNS, user: OTHER_RUNS },
			// 202 (counted) or 204 (a bot's, not counted) carry no body.
			ok: z.unknown(),
		},
		{
			name: 'GET /api/admin/integrations',
			method: 'GET',
			path: () => fc.constant('/api/admin/integrations'),
			roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			ok: z.array(z.looseObject({ id: z.number(), name: z.string() })),
			check: (body) => expect(JSON.stringify(body)).not.toMatch(/rmh_(content|admin)_/),
		},
		{
			name: 'POST /api/admin/integrations',
			method: 'POST',
			path: () => fc.constant('/api/admin/integrations'),
			body: () => bodyArbitrary(integrationInputSchema),
			roles: { editor: RUNS, user: OTHER_RUNS, anonymous: OTHER_RUNS },
			ok: z.looseObject({ id: z.number(), name: z.string(), contentKey: z.string(), adminKey: z.string() }),
		},
		{
			name: 'DELETE /api/admin/integrations/{id}',
			method: 'DELETE',
			path: () => idArbitrary([1]).map((id) => `/api/admin/integrations/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.unknown(),
		},
		{
			name: 'GET /api/admin/webhooks',
			method: 'GET',
			path: () => fc.constant('/api/admin/webhooks'),
			roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			ok: z.array(z.looseObject({ id: z.number(), url: z.string() })),
			check: (body) => expect(JSON.stringify(body)).not.toContain('whsec_'),
		},
		{
			name: 'POST /api/admin/webhooks',
			method: 'POST',
			path: () => fc.constant('/api/admin/webhooks'),
			body: () => bodyArbitrary(webhookInputSchema),
			// Few runs: a host name in a generated URL is looked up (and refused) before it is kept.
			roles: { editor: OTHER_RUNS, user: OTHER_RUNS },
			ok: z.looseObject({ id: z.number(), url: z.string(), secret: z.string() }),
		},
		{
			name: 'DELETE /api/admin/webhooks/{id}',
			method: 'DELETE',
			path: () => idArbitrary([1]).map((id) => `/api/admin/webhooks/${id}`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.unknown(),
		},
		{
			name: 'GET /api/admin/webhooks/{id}/deliveries',
			method: 'GET',
			path: () => idArbitrary([1]).map((id) => `/api/admin/webhooks/${id}/deliveries`),
			roles: { editor: RUNS, user: OTHER_RUNS },
			ok: z.array(z.unknown()),
		},
		...(['GET', 'POST'] as const).map(
			(method): Target => ({
				name: `${method} /api/platforms/{id}/invitations`,
				method,
				path: () => idArbitrary([ids.platform]).map((id) => `/api/platforms/${id}/invitations`),
				// Only a platform's representative may invite; the fuzzed callers are refused.
				roles: { user: RUNS, editor: OTHER_RUNS, anonymous: OTHER_RUNS, banned: OTHER_RUNS },
				ok: z.unknown(),
			}),
		),
		{
			name: 'DELETE /api/platforms/{id}/invitations/{invitationId}',
			method: 'DELETE',
			path: () =>
				fc
					.tuple(idArbitrary([ids.platform]), idArbitrary([1]))
					.map(([id, invitation]) => `/api/platforms/${id}/invitations/${invitation}`),
			roles: { user: RUNS, editor: OTHER_RUNS, anonymous: OTHER_RUNS },
			ok: z.unknown(),
		},
	];
	return list;
}

/** Markdown an editor (or an attacker with an editor's session) might try in the preview. */
const XSS_MARKDOWN = [
	'<script>alert(1)</script>',
	'<img src=x onerror=alert(1)>',
	'[x](javascript:alert(1))',
	'[x](JaVaScRiPt:alert(1))',
	'[x](&#106;avascript:alert(1))',
	'[x](java\tscript:alert(1))',
	'<a href="&#x6A;avascript:alert(1)">x</a>',
	'![x](data:text/html,<script>alert(1)</script>)',
	'<javascript:alert(1)>',
	'<svg onload=alert(1)>',
	'<iframe src="javascript:alert(1)"></iframe>',
	'<a href="vbscript:msgbox(1)">x</a>',
	'<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
	'[ref]\n\n[ref]: javascript:alert(1)',
];

/** HTML the server produced from markdown runs nothing and links nowhere dangerous. */
function expectSafeHtml(html: string): void {
	expect(html).not.toMatch(/<script/i);
	expect(html).not.toMatch(/<(iframe|object|embed|form|base|meta|style)\b/i);
	expect(html).not.toMatch(/\son[a-z]+\s*=/i);
	expect(html).not.toMatch(
		/(href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(javascript|vbscript|data:text)/i,
	);
}

/** Stored website and logo links are http(s) or site paths only. */
function expectSafePlatformUrls(platform: { websiteUrl: string | null; logo: string | null }): void {
	if (platform.websiteUrl !== null) expect(platform.websiteUrl).toMatch(/^https?:\/\//i);
	if (platform.logo !== null) expect(platform.logo).toMatch(/^(https?:\/\/|\/(?![\\/]))/i);
}

// ---------------------------------------------------------------- running

async function personaFor(role: FuzzRole, n: number): Promise<Persona> {
	switch (role) {
		case 'anonymous':
			return {
				role,
				client: new TestClient(server.url),
				id: 0,
				email: '',
				username: '',
				password: '',
			};
		case 'banned':
			return freshPersona(server, 'banned');
		case 'user':
			return users[n % users.length]!;
		case 'editor':
			return editor;
	}
}

function parseTarget(path: string): { targetId: number | null; slug: string | null } {
	const id = path.match(
		/^\/api\/(?:[a-z]+\/)*?(?:news|education|platforms|comments|users|pages|podcasts|media|audio)\/(\d{1,12})(?:[/?]|$)/,
	);
	let slug: string | null = null;
	if (path.startsWith('/api/pages/')) {
		try {
			slug = decodeURIComponent(path.slice('/api/pages/'.length).split('?')[0]!);
		} catch {
			slug = null;
		}
	}
	return { targetId: id ? Number(id[1]) : null, slug };
}

let caseCounter = 0;

async function runCase(target: Target, role: FuzzRole, path: string, body: Body | undefined): Promise<void> {
	caseCounter += 1;
	const persona = await personaFor(role, caseCounter);
	const before = await current();
	const answer = await persona.client.request(target.method, path, body?.form ?? body?.text);
	const label = `${target.method} ${path.slice(0, 200)} as ${role}${body?.mutations ? ` [${body.mutations.join(', ')}]` : ''} body=${String(body?.text).slice(0, 200)}`;
	expect(answer.status, `${label}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBeLessThan(500);
	if (answer.status >= 400) {
		expect(
			typeof answer.body?.message,
			`${label}: a ${answer.status} without a JSON message: ${String(answer.body).slice(0, 200)}`,
		).toBe('string');
		expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
	} else if (target.ok) {
		const parsed = target.ok.safeParse(answer.body);
		expect(
			parsed.success,
			`${label}: unexpected 2xx shape ${JSON.stringify(answer.body).slice(0, 300)}`,
		).toBe(true);
		target.check?.(answer.body);
	}
	const after = await current();
	if (after === before) return;
	const changes = diff(before, after);
	const { targetId, slug } = parseTarget(path);
	const ctx: Ctx = {
		role,
		self: role === 'anonymous' ? null : persona.id,
		targetId,
		slug,
		changes,
	};
	const refused = changes.filter((change) => !(answer.status < 400 && target.mayChange?.(change, ctx)));
	expect(
		refused,
		`${label} (${answer.status}) changed what it may not:\n${describeChanges(refused)}`,
	).toEqual([]);
}

const TARGETS = targets();

/** Routes that take no input at all (no body, query or id), so there is nothing to fuzz. */
const NOT_FUZZED: Record<string, string> = {
	'GET /api/user': 'no input',
	'DELETE /api/ratings/{id}/reply':
		'no input but the review id (tests/api/reviews.test.ts and the matrix cover it)',
	'DELETE /api/ratings/{id}':
		'no input but the review id (tests/api/review-trust.test.ts and the matrix cover it)',
	'DELETE /api/admin/ratings/{id}':
		'no input but the review id (tests/api/review-trust.test.ts and the matrix cover it)',
	'DELETE /api/admin/ratings/{id}/reports':
		'no input but the review id (tests/api/review-trust.test.ts and the matrix cover it)',
	'DELETE /api/admin/previews/{id}':
		'no input but the link id, checked by one pattern before any query (tests/api/previews.test.ts and the matrix cover it)',
	'POST /api/logout': 'no input',
	'DELETE /api/profile/sessions': 'no input: the session says whose sessions end',
	'POST /api/profile/verification-mail': 'no input: the account, not a body, says whose address',
	'GET /api/profile/email': 'no input: the account says whose change',
	'GET /api/profile/work-email': 'no input: the account says whose work email',
	'GET /api/profile/follows': 'no input: the session says whose follows',
	'POST /api/profile/email': 'no input: the account says whose change',
	'DELETE /api/profile/email': 'no input: the account says whose change',
	'GET /api/pages': 'no input',
	'GET /api/admin/overview': 'no input',
	'GET /api/admin/site-build': 'no input',
	'POST /api/admin/site-build': 'no input',
	'GET /api/admin/newsletters': 'no input',
	'GET /api/admin/newsletters/recent-articles': 'no input',
	'GET /api/admin/newsletters/suppressions': 'no input',
	// The partner API answers 401 before it reads anything without a key, which no fuzzed role
	// holds; tests/api/api-v1.test.ts drives each route with keys, bad limits, pages and slugs, and
	// checks every answer against the OpenAPI document.
	'GET /api/v1/articles': 'needs an API key (tests/api/api-v1.test.ts)',
	'GET /api/v1/articles/{slug}': 'needs an API key (tests/api/api-v1.test.ts)',
	'GET /api/v1/episodes': 'needs an API key (tests/api/api-v1.test.ts)',
	'GET /api/v1/platforms': 'needs an API key (tests/api/api-v1.test.ts)',
	'GET /api/v1/platforms/{slug}': 'needs an API key (tests/api/api-v1.test.ts)',
	'GET /api/v1/platforms/{slug}/reviews': 'needs an API key (tests/api/api-v1.test.ts)',
	'POST /api/v1/admin/articles': 'needs an admin key (tests/api/api-v1.test.ts)',
	'PUT /api/v1/admin/articles/{id}': 'needs an admin key (tests/api/api-v1.test.ts)',
	'DELETE /api/v1/admin/articles/{id}': 'needs an admin key (tests/api/api-v1.test.ts)',
	'GET /api/v1/openapi.json': 'no input: the generated document',
	'GET /api/{...path}':
		'reads nothing of the request: any unknown /api path gets the same JSON 404 (tests/api/methods.test.ts)',
	'POST /api/{...path}':
		'reads nothing of the request: any unknown /api path gets the same JSON 404 (tests/api/methods.test.ts)',
	'PUT /api/{...path}':
		'reads nothing of the request: any unknown /api path gets the same JSON 404 (tests/api/methods.test.ts)',
	'PATCH /api/{...path}':
		'reads nothing of the request: any unknown /api path gets the same JSON 404 (tests/api/methods.test.ts)',
	'DELETE /api/{...path}':
		'reads nothing of the request: any unknown /api path gets the same JSON 404 (tests/api/methods.test.ts)',
};

/**
 * Registers one part of the fuzzing (the suite's files in tests/security/fuzz/ are its parts, so
 * the two workers share it): its own server and records, the targets whose index modulo `parts`
 * is `part` (each with the seed of its index in the whole list, so a part replays what the one
 * file did), the coverage check in the first part, the body limits in the last, and the check
 * for pollution and privilege after every part's fuzzing.
 */
export function fuzzPart(part: number, parts: number): void {
	beforeAll(arrange, 120_000);
	afterAll(async () => {
		await server?.stop();
	});

	if (part === 0) {
		describe('fuzz coverage', () => {
			it('fuzzes every route and method in src/pages/api, or says why not', () => {
				const routes = apiRoutesFromFileSystem().flatMap((file) =>
					file.methods.map((method) => `${method} ${file.route}`),
				);
				const fuzzed = new Set(TARGETS.map((target) => target.name));
				const missing = routes.filter((route) => !fuzzed.has(route) && !(route in NOT_FUZZED));
				expect(missing, 'add a target to tests/support/fuzz.ts').toEqual([]);
				expect(
					[...fuzzed].filter((name) => !routes.includes(name)),
					'targets without a route',
				).toEqual([]);
				expect(Object.keys(NOT_FUZZED).filter((name) => !routes.includes(name))).toEqual([]);
			});
		});
	}

	describe.each(
		TARGETS.map((target, index) => [target.name, target, index] as const).filter(
			([, , index]) => index % parts === part,
		),
	)('%s', (_name, target, index) => {
		it.each(Object.entries(target.roles) as Array<[FuzzRole, number]>)(
			'stays sound for hostile input as %s',
			async (role, runs) => {
				const seed = SEED + index * 101 + role.length;
				const input = fc.tuple(target.path(), target.body ? target.body() : fc.constant(undefined));
				let failure = '';
				try {
					await fc.assert(
						fc.asyncProperty(input, async ([path, body]) => {
							try {
								await runCase(target, role, path, body);
							} catch (error) {
								failure = (error as Error).message;
								throw error;
							}
						}),
						{ seed, numRuns: runs, endOnFailure: true },
					);
				} catch (error) {
					const report = (error as Error).message.split('\n').slice(0, 3).join('\n').slice(0, 1000);
					throw new Error(
						`${target.name} as ${role} failed; replay with FUZZ_SEED=${SEED} (property seed ${seed}).\n${failure.slice(0, 3000)}\n${report}`,
					);
				}
			},
		);
	});

	if (part === parts - 1) {
		describe('bodies over the size limit', () => {
			/** Body-taking endpoints with a path that exists, and the role that gets past the sign-in check. */
			// biome-ignore lint/correctness/noComponentHookFactories: a constant-style name for a list, not a React component
			const BODY_ENDPOINTS = (): Array<{ method: Method; path: string; role: FuzzRole }> => [
				{ method: 'POST', path: '/api/login', role: 'anonymous' },
				{ method: 'POST', path: '/api/register', role: 'anonymous' },
				{ method: 'POST', path: '/api/auth/forgot-password', role: 'anonymous' },
				{ method: 'POST', path: '/api/auth/reset-password', role: 'anonymous' },
				{ method: 'POST', path: '/api/auth/verify-email', role: 'anonymous' },
				{ method: 'PUT', path: '/api/profile/email', role: 'user' },
				{ method: 'POST', path: '/api/profile/work-email', role: 'user' },
				{ method: 'POST', path: '/api/profile/work-email/confirm', role: 'user' },
				{ method: 'PUT', path: '/api/profile/password', role: 'user' },
				{ method: 'PUT', path: '/api/profile/newsletter', role: 'user' },
				{ method: 'POST', path: '/api/news', role: 'editor' },
				{ method: 'PUT', path: `/api/news/${ids.news[0]}`, role: 'editor' },
				{ method: 'POST', path: '/api/education', role: 'editor' },
				{ method: 'PUT', path: `/api/education/${ids.education[0]}`, role: 'editor' },
				{ method: 'PUT', path: '/api/pages/about-us', role: 'editor' },
				{ method: 'POST', path: '/api/podcasts', role: 'editor' },
				{ method: 'PUT', path: `/api/podcasts/${ids.episodes[0]}`, role: 'editor' },
				{ method: 'POST', path: `/api/platforms/${ids.platform}/ratings`, role: 'user' },
				{ method: 'POST', path: `/api/platforms/${ids.platform}/comments`, role: 'user' },
				{ method: 'POST', path: `/api/comments/${ids.comments[0]}/vote`, role: 'user' },
				{ method: 'POST', path: `/api/ratings/${ids.reviews[0]}/vote`, role: 'user' },
				{ method: 'POST', path: `/api/ratings/${ids.reviews[0]}/reply`, role: 'user' },
				{ method: 'POST', path: `/api/ratings/${ids.reviews[0]}/report`, role: 'user' },
				{ method: 'PATCH', path: `/api/admin/comments/${ids.comments[2]}/moderate`, role: 'editor' },
				{ method: 'POST', path: '/api/admin/markdown-preview', role: 'editor' },
				{ method: 'POST', path: '/api/admin/previews', role: 'editor' },
				{ method: 'POST', path: '/api/admin/newsletters/preview', role: 'editor' },
				{
					method: 'POST',
					path: `/api/admin/newsletters/${ids.newsletterDrafts[0]}/schedule`,
					role: 'editor',
				},
				{ method: 'POST', path: '/api/newsletter/subscribe', role: 'anonymous' },
				{ method: 'POST', path: '/api/newsletter/confirm', role: 'anonymous' },
				{ method: 'POST', path: '/api/admin/platforms', role: 'editor' },
				{ method: 'PUT', path: `/api/admin/platforms/${ids.platform}`, role: 'editor' },
				{ method: 'PATCH', path: `/api/admin/media/${ids.media[0]}`, role: 'editor' },
				{ method: 'PUT', path: `/api/admin/users/${victims[0]}/password`, role: 'editor' },
				{ method: 'PUT', path: `/api/admin/users/${victims[0]}/vendor`, role: 'editor' },
				{ method: 'POST', path: '/api/admin/newsletters', role: 'editor' },
				{ method: 'PUT', path: `/api/admin/newsletters/${ids.newsletterDrafts[0]}`, role: 'editor' },
				{ method: 'POST', path: '/api/events', role: 'anonymous' },
				{ method: 'POST', path: '/api/admin/integrations', role: 'editor' },
				{ method: 'POST', path: '/api/admin/webhooks', role: 'editor' },
				{ method: 'PUT', path: '/api/profile/display-name', role: 'user' },
			];

			it('covers every schema-reading endpoint the fuzzer covers', () => {
				// The uploads have their own, larger caps (below).
				const withBody = new Set(
					TARGETS.filter(
						(t) => t.body && t.name !== `POST ${MEDIA_UPLOAD_PATH}` && t.name !== `POST ${AUDIO_UPLOAD_PATH}`,
					).map((t) => `${t.method} ${t.name.split(' ')[1]}`),
				);
				const listed = new Set(
					BODY_ENDPOINTS().map(
						(e) =>
							`${e.method} ${e.path.replace(/\/\d+/g, '/{id}').replace('/pages/about-us', '/pages/{slug}')}`,
					),
				);
				expect([...withBody].filter((k) => !listed.has(k))).toEqual([]);
			});

			it('answers 413 to a declared Content-Length over 256 KB, for every role', async () => {
				const text = jsonOfSize({ content: 'x' }, MAX_BODY_BYTES + 1);
				for (const endpoint of BODY_ENDPOINTS()) {
					for (const role of ['anonymous', endpoint.role] as const) {
						const persona = await personaFor(role, 0);
						const before = await current();
						const answer = await persona.client.request(endpoint.method, endpoint.path, text);
						expect(answer.status, `${endpoint.method} ${endpoint.path} as ${role}`).toBe(413);
						expect(answer.body).toEqual({ message: 'Request body is too large.' });
						expect(diff(before, await current())).toEqual([]);
					}
				}
			});

			it('answers 413 to a streamed (chunked, no Content-Length) body over 256 KB', async () => {
				const text = jsonOfSize({ content: 'x' }, MAX_BODY_BYTES + 64 * 1024);
				for (const endpoint of BODY_ENDPOINTS()) {
					const persona = await personaFor(endpoint.role, 0);
					const headers: Record<string, string> = {};
					if (persona.client.sessionCookie) headers.cookie = persona.client.sessionCookie;
					headers['x-forwarded-for'] = persona.client.address;
					const before = await current();
					const answer = await sendStreamedBody(
						`${server.url}${endpoint.path}`,
						endpoint.method,
						text,
						headers,
					);
					expect(answer.status, `${endpoint.method} ${endpoint.path} as ${endpoint.role}`).toBe(413);
					expect(answer.body).toEqual({ message: 'Request body is too large.' });
					expect(diff(before, await current())).toEqual([]);
				}
				// The server is still answering normally.
				expect((await new TestClient(server.url).get('/api/platforms')).status).toBe(200);
			});

			it('answers 413 to an upload whose declared or streamed body is over its own cap, and reads one over 256 KB', async () => {
				const before = await current();
				const declared = await editor.client.request(
					'POST',
					MEDIA_UPLOAD_PATH,
					uploadForm(Buffer.alloc(MAX_UPLOAD_BODY_BYTES + 1), { alt: 'Too big' }),
				);
				expect(declared.status).toBe(413);
				const headers = { cookie: editor.client.sessionCookie, 'x-forwarded-for': editor.client.address };
				const streamed = await sendStreamedBody(
					`${server.url}${MEDIA_UPLOAD_PATH}`,
					'POST',
					'x'.repeat(MAX_UPLOAD_BODY_BYTES + 1024),
					{ ...headers, 'content-type': 'multipart/form-data; boundary=x' },
				);
				expect(streamed.status).toBe(413);
				// Episode audio: a body declared over its 200 MB is refused before it is read.
				const audio = await sendDeclaredLength(
					`${server.url}${AUDIO_UPLOAD_PATH}`,
					MAX_AUDIO_UPLOAD_BODY_BYTES + 1,
					headers,
				);
				expect(audio.status).toBe(413);
				expect(audio.body).toEqual({ message: 'Request body is too large.' });
				expect(diff(before, await current())).toEqual([]);
				const png = await plainPng(400, 400);
				const padded = uploadForm(png, { name: 'p.png', type: 'image/png', alt: 'Fits' });
				padded.set('padding', 'x'.repeat(MAX_BODY_BYTES));
				const fits = await editor.client.request('POST', MEDIA_UPLOAD_PATH, padded);
				expect(fits.status).toBe(201);
			});

			it('still reads a body of exactly 256 KB', async () => {
				const text = jsonOfSize({ content: '# Fits' }, MAX_BODY_BYTES);
				const answer = await editor.client.request('POST', '/api/admin/markdown-preview', text);
				expect(answer.status).toBe(200);
				expect(answer.body.html).toContain('Fits');
			});
		});
	}

	describe('after the fuzzing', () => {
		it('left no trace of prototype pollution and no privilege behind', async () => {
			const user = users[0]!;
			await mintSession(server, user.client, user.id);
			const me = await user.client.get('/api/user');
			expect(me.status).toBe(200);
			expect(me.body.role).toBe('user');
			expect((await user.client.get('/api/admin/users')).status).toBe(403);
			expect((await new TestClient(server.url).get('/api/admin/users')).status).toBe(401);
			for (const path of [
				'/api/platforms',
				'/api/news',
				'/api/user',
				`/api/platforms/${ids.platform}/comments`,
				'/api/pages',
			]) {
				const answer = await user.client.get(path);
				expect(JSON.stringify(answer.body)).not.toContain(POLLUTION_MARKER);
			}
			const list = await editor.client.get('/api/admin/users?limit=100');
			expect(list.status).toBe(200);
			expect(JSON.stringify(list.body)).not.toContain(POLLUTION_MARKER);
			// No account became an editor on its own: only the fuzzer's own editor and the demo one.
			const { users: accounts } = server.tables;
			const editors = await server.db
				.select({ id: accounts.id })
				.from(accounts)
				.where(eq(accounts.role, 'editor'));
			const demoEditor = await server.db
				.select({ id: accounts.id })
				.from(accounts)
				.where(eq(accounts.email, 'editor@example.com'));
			expect(editors.map((e) => e.id).sort()).toEqual([editor.id, ...demoEditor.map((e) => e.id)].sort());
		});
	});
}
