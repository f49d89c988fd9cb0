/**
 * The whole data model in one place. Timestamps are stored as integer
 * milliseconds; lists of text (tags, features, pros, cons) as JSON text.
 */
import { relations, sql } from 'drizzle-orm';
import {
	check,
	index,
	integer,
	real,
	sqliteTable,
	text,
	uniqueIndex,
} from 'drizzle-orm/sqlite-core';

const createdAt = () =>
	integer('created_at', { mode: 'timestamp_ms' })
		.notNull()
		.$defaultFn(() => new Date());
const updatedAt = () =>
	integer('updated_at', { mode: 'timestamp_ms' })
		.notNull()
		.$defaultFn(() => new Date());
const textList = (name: string) =>
	text(name, { mode: 'json' })
		.$type<string[]>()
		.notNull()
		.$defaultFn(() => []);

export const USER_ROLES = ['user', 'editor'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = sqliteTable(
	'users',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		username: text('username').notNull(),
		/** Stored lower-cased, so uniqueness and sign-in ignore case. */
		email: text('email').notNull(),
		passwordHash: text('password_hash').notNull(),
		role: text('role', { enum: USER_ROLES }).notNull().default('user'),
		isBanned: integer('is_banned', { mode: 'boolean' }).notNull().default(false),
		isNewsletterSubscribed: integer('is_newsletter_subscribed', { mode: 'boolean' })
			.notNull()
			.default(false),
		/**
		 * The owner proved the address is theirs (a verification link, or an operator typed it).
		 * Newsletters go only to verified addresses. The default (true) is the answer for the rows
		 * that existed when the column was added: they keep their newsletter (see the README).
		 * Accounts are made only by createAccount, which always names the value (false for a
		 * sign-up).
		 */
		emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(true),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('users_email_unique').on(t.email),
		uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
		index('users_created_at_idx').on(t.createdAt),
	],
);

/** Lucia-style sessions: the id is the SHA-256 (hex) of the cookie token, never the token. */
export const sessions = sqliteTable(
	'sessions',
	{
		id: text('id').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
		/**
		 * When the session was started: it ends a fixed time after this however often it is
		 * extended. createSession always sets it. The database default exists only so the column
		 * could be added to a filled table (a migration then dated those rows); a row inserted
		 * without a start counts as long ended, so a forgotten value fails closed.
		 */
		createdAt: integer('created_at', { mode: 'timestamp_ms' })
			.notNull()
			.default(sql`0`),
	},
	(t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Reset tokens, stored only as a SHA-256 hash; single use, one live token per user. */
export const passwordResetTokens = sqliteTable(
	'password_reset_tokens',
	{
		id: text('id').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
	},
	(t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * Address verification links, stored only as a SHA-256 hash; single use, one live link per user
 * (a newer one voids the older). `email` is the address the link was mailed to: the account's
 * own (verify it) or the new one of an email change (switch to it once confirmed).
 */
export const emailVerificationTokens = sqliteTable(
	'email_verification_tokens',
	{
		id: text('id').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		email: text('email').notNull(),
		expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
	},
	(t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

export const ARTICLE_KINDS = ['news', 'education'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** News and education articles share every field, so they share a table told apart by kind. */
export const articles = sqliteTable(
	'articles',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		kind: text('kind', { enum: ARTICLE_KINDS }).notNull(),
		title: text('title').notNull(),
		excerpt: text('excerpt').notNull(),
		content: text('content').notNull(),
		category: text('category').notNull(),
		imageUrl: text('image_url'),
		tags: textList('tags'),
		readTime: integer('read_time').notNull().default(5),
		isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(false),
		authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
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

export const staticPages = sqliteTable('static_pages', {
	id: integer('id').primaryKey({ autoIncrement: true }),
	slug: text('slug').notNull().unique(),
	title: text('title').notNull(),
	content: text('content').notNull(),
	lastModifiedBy: integer('last_modified_by').references(() => users.id, {
		onDelete: 'set null',
	}),
	updatedAt: updatedAt(),
});

export const platforms = sqliteTable(
	'platforms',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		name: text('name').notNull(),
		description: text('description').notNull(),
		logo: text('logo'),
		pricing: text('pricing').notNull(),
		features: textList('features'),
		pros: textList('pros'),
		cons: textList('cons'),
		websiteUrl: text('website_url'),
		category: text('category').notNull(),
		isRecommended: integer('is_recommended', { mode: 'boolean' }).notNull().default(false),
		sortOrder: integer('sort_order').notNull().default(0),
		/** Average of platform_ratings, one decimal; kept in step inside the rating transaction. */
		rating: real('rating').notNull().default(0),
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

export const platformRatings = sqliteTable(
	'platform_ratings',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
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

export const COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const platformComments = sqliteTable(
	'platform_comments',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		platformId: integer('platform_id')
			.notNull()
			.references(() => platforms.id, { onDelete: 'cascade' }),
		/** Null once the author's account is gone; moderation then shows 'Anonymous'. */
		userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
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

export const VOTE_TYPES = ['helpful', 'unhelpful'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

export const commentVotes = sqliteTable(
	'comment_votes',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
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

export const podcastEpisodes = sqliteTable(
	'podcast_episodes',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		title: text('title').notNull(),
		description: text('description').notNull(),
		imageUrl: text('image_url'),
		audioUrl: text('audio_url').notNull(),
		/** Minutes. */
		duration: integer('duration').notNull(),
		episodeNumber: integer('episode_number').notNull(),
		seasonNumber: integer('season_number').notNull().default(1),
		publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull(),
		tags: textList('tags'),
		authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
	},
	(t) => [
		index('podcast_episodes_published_idx').on(t.publishedAt),
		index('podcast_episodes_title_idx').on(t.title),
		index('podcast_episodes_duration_idx').on(t.duration),
		index('podcast_episodes_number_idx').on(t.seasonNumber, t.episodeNumber),
	],
);

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
	lastModifiedByUser: one(users, { fields: [staticPages.lastModifiedBy], references: [users.id] }),
}));
export const platformsRelations = relations(platforms, ({ many }) => ({
	ratings: many(platformRatings),
	comments: many(platformComments),
}));
export const platformRatingsRelations = relations(platformRatings, ({ one }) => ({
	platform: one(platforms, { fields: [platformRatings.platformId], references: [platforms.id] }),
	user: one(users, { fields: [platformRatings.userId], references: [users.id] }),
}));
export const platformCommentsRelations = relations(platformComments, ({ one, many }) => ({
	platform: one(platforms, { fields: [platformComments.platformId], references: [platforms.id] }),
	user: one(users, { fields: [platformComments.userId], references: [users.id] }),
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
	author: one(users, { fields: [podcastEpisodes.authorId], references: [users.id] }),
}));

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/** Newsletter issues: edited as drafts, then frozen once sending starts. */
export const newsletterIssues = sqliteTable(
	'newsletter_issues',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		subject: text('subject').notNull(),
		content: text('content').notNull(),
		status: text('status', { enum: NEWSLETTER_ISSUE_STATUSES }).notNull().default('draft'),
		authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
		/** When Send was confirmed (the queue was filled). */
		sendStartedAt: integer('send_started_at', { mode: 'timestamp_ms' }),
		/** When the last queued mail was settled (sent, failed or skipped). */
		sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
	},
	(t) => [index('newsletter_issues_status_idx').on(t.status, t.createdAt)],
);

export const NEWSLETTER_DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];

/**
 * The durable send queue: one row per issue and recipient. A worker claims rows by moving them
 * to 'sending' with claimed_at as a lease; a row still 'sending' after the lease belonged to a
 * worker that died and is taken again.
 */
export const newsletterDeliveries = sqliteTable(
	'newsletter_deliveries',
	{
		id: integer('id').primaryKey({ autoIncrement: true }),
		issueId: integer('issue_id')
			.notNull()
			.references(() => newsletterIssues.id, { onDelete: 'cascade' }),
		/** Null once the account is deleted; the row is then skipped. */
		userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
		status: text('status', { enum: NEWSLETTER_DELIVERY_STATUSES }).notNull().default('queued'),
		attempts: integer('attempts').notNull().default(0),
		/** A queued row waits until then (back-off after a temporary failure). */
		nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
		/** The lease of the worker that holds a 'sending' row. */
		claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
		/** The address the mail went to (the account's address at send time). */
		sentTo: text('sent_to'),
		sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
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
export const newsletterUnsubscribeTokens = sqliteTable(
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
		unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
		createdAt: createdAt(),
	},
	(t) => [index('newsletter_unsubscribe_tokens_user_idx').on(t.userId)],
);
