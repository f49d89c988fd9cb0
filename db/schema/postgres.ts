/**
 * The data model on PostgreSQL: the same tables, columns and indexes as the SQLite schema
 * (db/schema.ts), so services, tests and the seed name one set of fields on both engines.
 * Differences are the engine's own types: timestamptz for dates, jsonb for lists of text, native
 * booleans, identity ids, double precision for the average rating. Full-text search is a
 * generated tsvector column with a GIN index (migration 0001_search), left out of this file as
 * SQLite's FTS5 tables are left out of its own: rows read through drizzle carry no extra field,
 * and a row type here matches its SQLite twin field for field.
 */
import { relations, sql } from 'drizzle-orm';
import {
	boolean,
	check,
	doublePrecision,
	index,
	integer,
	jsonb,
	pgTable,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core';

import {
	ARTICLE_KINDS,
	COMMENT_STATUSES,
	NEWSLETTER_DELIVERY_STATUSES,
	NEWSLETTER_ISSUE_STATUSES,
	USER_ROLES,
	VOTE_TYPES,
} from '@db/schema';

// The value lists are the SQLite schema's, so both engines accept exactly the same values.
export {
	ARTICLE_KINDS,
	COMMENT_STATUSES,
	NEWSLETTER_DELIVERY_STATUSES,
	NEWSLETTER_ISSUE_STATUSES,
	USER_ROLES,
	VOTE_TYPES,
};
export type { ArticleKind, CommentStatus, UserRole, VoteType } from '@db/schema';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
const textList = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);

export const users = pgTable(
	'users',
	{
		id: id(),
		username: text('username').notNull(),
		/** Stored lower-cased, so uniqueness and sign-in ignore case. */
		email: text('email').notNull(),
		passwordHash: text('password_hash').notNull(),
		role: text('role', { enum: USER_ROLES }).notNull().default('user'),
		isBanned: boolean('is_banned').notNull().default(false),
		isNewsletterSubscribed: boolean('is_newsletter_subscribed').notNull().default(false),
		/** As on SQLite: the default is for rows older than the column; createAccount names the value. */
		emailVerified: boolean('email_verified').notNull().default(true),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('users_email_unique').on(t.email),
		uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
		index('users_created_at_idx').on(t.createdAt),
	],
);

/** Lucia-style sessions: the id is the SHA-256 (hex) of the cookie token, never the token. */
export const sessions = pgTable(
	'sessions',
	{
		id: text('id').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: timestamptz('expires_at').notNull(),
		/**
		 * When the session was started: it ends a fixed time after this however often it is
		 * extended. createSession always sets it; a row inserted without a start dates from the
		 * epoch and so counts as long ended (a forgotten value fails closed, as on SQLite).
		 */
		createdAt: timestamptz('created_at').notNull().default(sql`to_timestamp(0)`),
	},
	(t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Reset tokens, stored only as a SHA-256 hash; single use, one live token per user. */
export const passwordResetTokens = pgTable(
	'password_reset_tokens',
	{
		id: text('id').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: timestamptz('expires_at').notNull(),
	},
	(t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** Address verification links, stored only as a SHA-256 hash (as on SQLite). */
export const emailVerificationTokens = pgTable(
	'email_verification_tokens',
	{
		id: text('id').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		email: text('email').notNull(),
		expiresAt: timestamptz('expires_at').notNull(),
	},
	(t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

/** News and education articles share every field, so they share a table told apart by kind. */
export const articles = pgTable(
	'articles',
	{
		id: id(),
		kind: text('kind', { enum: ARTICLE_KINDS }).notNull(),
		title: text('title').notNull(),
		excerpt: text('excerpt').notNull(),
		content: text('content').notNull(),
		category: text('category').notNull(),
		imageUrl: text('image_url'),
		tags: textList('tags'),
		readTime: integer('read_time').notNull().default(5),
		isPublished: boolean('is_published').notNull().default(false),
		authorId: integer('author_id').references(() => users.id, {
			onDelete: 'set null',
		}),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('articles_public_list_idx').on(t.kind, t.isPublished, t.createdAt),
		index('articles_category_idx').on(t.kind, t.category, t.createdAt),
		index('articles_title_idx').on(t.kind, t.title),
		index('articles_author_idx').on(t.authorId),
		check('articles_read_time_range', sql`${t.readTime} between 1 and 60`),
	],
);

export const staticPages = pgTable('static_pages', {
	id: id(),
	slug: text('slug').notNull().unique(),
	title: text('title').notNull(),
	content: text('content').notNull(),
	lastModifiedBy: integer('last_modified_by').references(() => users.id, {
		onDelete: 'set null',
	}),
	updatedAt: updatedAt(),
});

export const platforms = pgTable(
	'platforms',
	{
		id: id(),
		name: text('name').notNull(),
		description: text('description').notNull(),
		logo: text('logo'),
		pricing: text('pricing').notNull(),
		features: textList('features'),
		pros: textList('pros'),
		cons: textList('cons'),
		websiteUrl: text('website_url'),
		category: text('category').notNull(),
		isRecommended: boolean('is_recommended').notNull().default(false),
		sortOrder: integer('sort_order').notNull().default(0),
		/** Average of platform_ratings, one decimal; kept in step inside the rating transaction. */
		rating: doublePrecision('rating').notNull().default(0),
		reviewCount: integer('review_count').notNull().default(0),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('platforms_name_idx').on(t.name),
		index('platforms_rating_idx').on(t.rating),
		index('platforms_category_idx').on(t.category),
		index('platforms_sort_order_idx').on(t.sortOrder, t.name),
	],
);

export const platformRatings = pgTable(
	'platform_ratings',
	{
		id: id(),
		platformId: integer('platform_id')
			.notNull()
			.references(() => platforms.id, { onDelete: 'cascade' }),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		rating: integer('rating').notNull(),
		review: text('review'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('platform_ratings_one_per_user').on(t.platformId, t.userId),
		index('platform_ratings_platform_created_idx').on(t.platformId, t.createdAt),
		index('platform_ratings_user_idx').on(t.userId),
		check('platform_ratings_range', sql`${t.rating} between 1 and 5`),
	],
);

export const platformComments = pgTable(
	'platform_comments',
	{
		id: id(),
		platformId: integer('platform_id')
			.notNull()
			.references(() => platforms.id, { onDelete: 'cascade' }),
		/** Null once the author's account is gone; moderation then shows 'Anonymous'. */
		userId: integer('user_id').references(() => users.id, {
			onDelete: 'set null',
		}),
		comment: text('comment').notNull(),
		status: text('status', { enum: COMMENT_STATUSES }).notNull().default('pending'),
		helpfulVotes: integer('helpful_votes').notNull().default(0),
		unhelpfulVotes: integer('unhelpful_votes').notNull().default(0),
		createdAt: createdAt(),
	},
	(t) => [
		index('platform_comments_platform_status_idx').on(t.platformId, t.status, t.createdAt),
		index('platform_comments_status_idx').on(t.status, t.createdAt),
		index('platform_comments_user_idx').on(t.userId),
	],
);

export const commentVotes = pgTable(
	'comment_votes',
	{
		id: id(),
		commentId: integer('comment_id')
			.notNull()
			.references(() => platformComments.id, { onDelete: 'cascade' }),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		voteType: text('vote_type', { enum: VOTE_TYPES }).notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('comment_votes_one_per_user').on(t.commentId, t.userId),
		index('comment_votes_user_idx').on(t.userId),
	],
);

export const podcastEpisodes = pgTable(
	'podcast_episodes',
	{
		id: id(),
		title: text('title').notNull(),
		description: text('description').notNull(),
		imageUrl: text('image_url'),
		audioUrl: text('audio_url').notNull(),
		/** Minutes. */
		duration: integer('duration').notNull(),
		episodeNumber: integer('episode_number').notNull(),
		seasonNumber: integer('season_number').notNull().default(1),
		publishedAt: timestamptz('published_at').notNull(),
		tags: textList('tags'),
		authorId: integer('author_id').references(() => users.id, {
			onDelete: 'set null',
		}),
	},
	(t) => [
		index('podcast_episodes_published_idx').on(t.publishedAt),
		index('podcast_episodes_title_idx').on(t.title),
		index('podcast_episodes_duration_idx').on(t.duration),
		index('podcast_episodes_number_idx').on(t.seasonNumber, t.episodeNumber),
	],
);

/**
 * Fixed-window rate-limit counters, shared by every node so a limit holds however the attempts
 * spread over them. Unlogged (migration 0003_unlogged_counters; drizzle cannot say so): no WAL
 * writes per attempt, and a crash that empties it only forgives a few tries. PostgreSQL only:
 * one SQLite process keeps its counters in memory.
 */
export const rateLimitCounters = pgTable(
	'rate_limit_counters',
	{
		key: text('key').primaryKey(),
		count: integer('count').notNull(),
		resetAt: timestamptz('reset_at').notNull(),
	},
	(t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

/**
 * The site generator's status, one row per app node (each node generates its own pages), so
 * the dashboard can show every node. PostgreSQL only: a single SQLite process keeps it in memory.
 */
export const siteBuildStatus = pgTable('site_build_status', {
	/** The node's name (NODE_NAME, else host name and port). */
	node: text('node').primaryKey(),
	running: boolean('running').notNull().default(false),
	scope: text('scope', { enum: ['full', 'partial'] }),
	lastStartedAt: timestamptz('last_started_at'),
	lastSuccessAt: timestamptz('last_success_at'),
	lastDurationMs: integer('last_duration_ms'),
	lastPageCount: integer('last_page_count'),
	lastError: text('last_error'),
	lastErrorAt: timestamptz('last_error_at'),
	queued: integer('queued').notNull().default(0),
	/** When the node last wrote its row: a node gone for good stops moving it. */
	updatedAt: updatedAt(),
});

export const usersRelations = relations(users, ({ many }) => ({
	sessions: many(sessions),
	articles: many(articles),
	ratings: many(platformRatings),
	comments: many(platformComments),
}));
export const articlesRelations = relations(articles, ({ one }) => ({
	author: one(users, { fields: [articles.authorId], references: [users.id] }),
}));
export const staticPagesRelations = relations(staticPages, ({ one }) => ({
	lastModifiedByUser: one(users, {
		fields: [staticPages.lastModifiedBy],
		references: [users.id],
	}),
}));
export const platformsRelations = relations(platforms, ({ many }) => ({
	ratings: many(platformRatings),
	comments: many(platformComments),
}));
export const platformRatingsRelations = relations(platformRatings, ({ one }) => ({
	platform: one(platforms, {
		fields: [platformRatings.platformId],
		references: [platforms.id],
	}),
	user: one(users, {
		fields: [platformRatings.userId],
		references: [users.id],
	}),
}));
export const platformCommentsRelations = relations(platformComments, ({ one, many }) => ({
	platform: one(platforms, {
		fields: [platformComments.platformId],
		references: [platforms.id],
	}),
	user: one(users, {
		fields: [platformComments.userId],
		references: [users.id],
	}),
	votes: many(commentVotes),
}));
export const commentVotesRelations = relations(commentVotes, ({ one }) => ({
	comment: one(platformComments, {
		fields: [commentVotes.commentId],
		references: [platformComments.id],
	}),
	user: one(users, { fields: [commentVotes.userId], references: [users.id] }),
}));
export const podcastEpisodesRelations = relations(podcastEpisodes, ({ one }) => ({
	author: one(users, {
		fields: [podcastEpisodes.authorId],
		references: [users.id],
	}),
}));

/** Newsletter issues: edited as drafts, then frozen once sending starts. */
export const newsletterIssues = pgTable(
	'newsletter_issues',
	{
		id: id(),
		subject: text('subject').notNull(),
		content: text('content').notNull(),
		status: text('status', { enum: NEWSLETTER_ISSUE_STATUSES }).notNull().default('draft'),
		authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
		/** When Send was confirmed (the queue was filled). */
		sendStartedAt: timestamptz('send_started_at'),
		/** When the last queued mail was settled (sent, failed or skipped). */
		sentAt: timestamptz('sent_at'),
	},
	(t) => [index('newsletter_issues_status_idx').on(t.status, t.createdAt)],
);

/**
 * The durable send queue: one row per issue and recipient. Nodes claim rows with
 * `FOR UPDATE SKIP LOCKED`, moving them to 'sending' with claimed_at as a lease; a row still
 * 'sending' after the lease belonged to a worker that died and is taken again.
 */
export const newsletterDeliveries = pgTable(
	'newsletter_deliveries',
	{
		id: id(),
		issueId: integer('issue_id')
			.notNull()
			.references(() => newsletterIssues.id, { onDelete: 'cascade' }),
		/** Null once the account is deleted; the row is then skipped. */
		userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
		status: text('status', { enum: NEWSLETTER_DELIVERY_STATUSES }).notNull().default('queued'),
		attempts: integer('attempts').notNull().default(0),
		/** A queued row waits until then (back-off after a temporary failure). */
		nextAttemptAt: timestamptz('next_attempt_at').notNull(),
		/** The lease of the worker that holds a 'sending' row. */
		claimedAt: timestamptz('claimed_at'),
		/** The address the mail went to (the account's address at send time). */
		sentTo: text('sent_to'),
		sentAt: timestamptz('sent_at'),
		lastError: text('last_error'),
	},
	(t) => [
		uniqueIndex('newsletter_deliveries_issue_user_unique').on(t.issueId, t.userId),
		index('newsletter_deliveries_claim_idx').on(t.status, t.nextAttemptAt),
		index('newsletter_deliveries_issue_status_idx').on(t.issueId, t.status),
	],
);

/**
 * Unsubscribe tokens, one per mail sent, stored only as a SHA-256 hash. They do not expire: a
 * link in an old mail must keep working, for the address it was mailed to.
 */
export const newsletterUnsubscribeTokens = pgTable(
	'newsletter_unsubscribe_tokens',
	{
		id: text('id').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/**
		 * The address the link was mailed to: once the account has another, the link is void.
		 * Null for links mailed before the address was recorded.
		 */
		email: text('email'),
		/**
		 * When this link switched the newsletter off; cleared by any later newsletter choice.
		 * Only while it is set may the link undo what it did.
		 */
		unsubscribedAt: timestamptz('unsubscribed_at'),
		createdAt: createdAt(),
	},
	(t) => [index('newsletter_unsubscribe_tokens_user_idx').on(t.userId)],
);
