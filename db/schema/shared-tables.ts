/**
 * Every table both engines share, described once with the dialect kit (kit.ts) and built by
 * sqlite.ts and postgres.ts. Timestamps are dates (integer milliseconds on SQLite, timestamptz
 * on PostgreSQL); lists of text (tags, features, pros, cons) are JSON (text on SQLite, jsonb on
 * PostgreSQL). Full-text search is left out on both engines (SQLite's FTS5 tables and
 * PostgreSQL's generated tsvector columns come from migrations), so rows read through drizzle
 * carry no extra field. Tables only one engine has live in that engine's own file
 * (postgres-only.ts).
 */
import { relations, sql } from 'drizzle-orm';
import type { SchemaKit } from './kit';
import {
	ANALYTICS_DAILY_KINDS,
	ARTICLE_KINDS,
	COMMENT_STATUSES,
	EPISODE_AUDIO_TYPES,
	MEDIA_FORMATS,
	NEWSLETTER_DELIVERY_STATUSES,
	PARTNER_EVENT_STATUSES,
	PLATFORM_DIGEST_STATUSES,
	NEWSLETTER_ISSUE_STATUSES,
	NEWSLETTER_MEMBER_STATUSES,
	NEWSLETTER_MEMBER_TOKEN_PURPOSES,
	PREVIEW_SUBJECTS,
	REVIEW_SOURCES,
	MAILED_ADDRESS_PURPOSES,
	REVISION_SUBJECTS,
	SIGNUP_KINDS,
	SLUG_KINDS,
	USER_ROLES,
	VOTE_TYPES,
	WEBHOOK_DELIVERY_STATUSES,
	WEBHOOK_EVENT_TYPES,
	THEME_SIDES,
	THEME_JOB_STATUSES,
} from '@/lib/column-values';

/** Builds the shared tables and their relations with one engine's kit. */
export function defineTables(kit: SchemaKit) {
	const {
		table,
		id,
		text,
		integer,
		boolean,
		timestamp,
		timestampNow,
		epoch,
		textList,
		double,
		index,
		uniqueIndex,
		check,
	} = kit;

	const users = table(
		'users',
		{
			id: id(),
			username: text('username').notNull(),
			/** The name bylines show (articles, the podcast feed); null: the username. */
			displayName: text('display_name'),
			/** Stored lower-cased, so uniqueness and sign-in ignore case. */
			email: text('email').notNull(),
			passwordHash: text('password_hash').notNull(),
			role: text('role', { enum: USER_ROLES }).notNull().default('user'),
			isBanned: boolean('is_banned').notNull().default(false),
			isNewsletterSubscribed: boolean('is_newsletter_subscribed').notNull().default(false),
			/**
			 * The owner proved the address is theirs (a verification link, or an operator typed it).
			 * Newsletters go only to verified addresses. The default (true) is the answer for the rows
			 * that existed when the column was added: they keep their newsletter (see the README).
			 * Accounts are made only by createAccount, which always names the value (false for a
			 * sign-up).
			 */
			emailVerified: boolean('email_verified').notNull().default(true),
			/**
			 * A work address the owner confirmed through a mailed link, and its registrable domain
			 * (tldts). Private: reviews show only that one is verified; the domain decides which
			 * platform's reviews are affiliated (the platform's own staff).
			 */
			workEmail: text('work_email'),
			workDomain: text('work_domain'),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			uniqueIndex('users_email_unique').on(t.email),
			uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
			index('users_created_at_idx').on(t.createdAt),
			// The few banned accounts: review counts subtract their reviews rather than look up
			// every review's author.
			index('users_banned_idx').on(t.id).where(sql`${t.isBanned}`),
			// The few accounts with a confirmed work email, by domain: a platform's affiliated
			// reviewers are found from its website's domain.
			index('users_work_domain_idx').on(t.workDomain).where(sql`${t.workDomain} is not null`),
		],
	);

	/** Lucia-style sessions: the id is the SHA-256 (hex) of the cookie token, never the token. */
	const sessions = table(
		'sessions',
		{
			id: text('id').primaryKey(),
			userId: integer('user_id')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			expiresAt: timestamp('expires_at').notNull(),
			/**
			 * When the session was started: it ends a fixed time after this however often it is
			 * extended. createSession always sets it. The database default exists only so the column
			 * could be added to a filled table (a migration then dated those rows); a row inserted
			 * without a start counts as long ended, so a forgotten value fails closed.
			 */
			createdAt: timestamp('created_at').notNull().default(epoch),
		},
		(t) => [index('sessions_user_id_idx').on(t.userId)],
	);

	/** Reset tokens, stored only as a SHA-256 hash; single use, one live token per user. */
	const passwordResetTokens = table(
		'password_reset_tokens',
		{
			id: text('id').primaryKey(),
			userId: integer('user_id')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			expiresAt: timestamp('expires_at').notNull(),
		},
		(t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
	);

	/**
	 * Address verification links, stored only as a SHA-256 hash; single use, one live link per user
	 * (a newer one voids the older). `email` is the address the link was mailed to: the account's
	 * own (verify it) or the new one of an email change (switch to it once confirmed).
	 */
	const emailVerificationTokens = table(
		'email_verification_tokens',
		{
			id: text('id').primaryKey(),
			userId: integer('user_id')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			email: text('email').notNull(),
			/** What confirming does: verify or switch the sign-in address, or add a work email. */
			purpose: text('purpose', { enum: MAILED_ADDRESS_PURPOSES }).notNull().default('account'),
			expiresAt: timestamp('expires_at').notNull(),
		},
		(t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
	);

	/** News and education articles share every field, so they share a table told apart by kind. */
	const articles = table(
		'articles',
		{
			id: id(),
			kind: text('kind', { enum: ARTICLE_KINDS }).notNull(),
			title: text('title').notNull(),
			/** The public address (/news/{slug}); unique per kind, earlier ones kept in item_slugs. */
			slug: text('slug').notNull(),
			/** The editor's search title and description; null: the title and excerpt serve. */
			metaTitle: text('meta_title'),
			metaDescription: text('meta_description'),
			excerpt: text('excerpt').notNull(),
			content: text('content').notNull(),
			category: text('category').notNull(),
			imageUrl: text('image_url'),
			tags: textList('tags'),
			readTime: integer('read_time').notNull().default(5),
			isPublished: boolean('is_published').notNull().default(false),
			/**
			 * A draft with this set is scheduled: it goes public at this time (scheduled-publishing.ts).
			 * Null once published.
			 */
			publishAt: timestamp('publish_at'),
			authorId: integer('author_id').references(() => users.id, {
				onDelete: 'set null',
			}),
			createdAt: timestampNow('created_at'),
			updatedAt: timestampNow('updated_at'),
		},
		(t) => [
			index('articles_public_list_idx').on(t.kind, t.isPublished, t.createdAt),
			index('articles_publish_at_idx').on(t.publishAt),
			index('articles_category_idx').on(t.kind, t.category, t.createdAt),
			index('articles_title_idx').on(t.kind, t.title),
			index('articles_author_idx').on(t.authorId),
			uniqueIndex('articles_slug_idx').on(t.kind, t.slug),
			check('articles_read_time_range', sql`${t.readTime} between 1 and 60`),
		],
	);

	const staticPages = table('static_pages', {
		id: id(),
		slug: text('slug').notNull().unique(),
		title: text('title').notNull(),
		content: text('content').notNull(),
		metaTitle: text('meta_title'),
		metaDescription: text('meta_description'),
		lastModifiedBy: integer('last_modified_by').references(() => users.id, {
			onDelete: 'set null',
		}),
		updatedAt: timestampNow('updated_at'),
	});

	const platforms = table(
		'platforms',
		{
			id: id(),
			name: text('name').notNull(),
			/** The public address (/platforms/{slug}); earlier ones are kept in item_slugs. */
			slug: text('slug').notNull(),
			metaTitle: text('meta_title'),
			metaDescription: text('meta_description'),
			description: text('description').notNull(),
			logo: text('logo'),
			pricing: text('pricing').notNull(),
			features: textList('features'),
			pros: textList('pros'),
			cons: textList('cons'),
			websiteUrl: text('website_url'),
			/**
			 * The registrable domain (tldts, public suffix list) of websiteUrl, kept in step on every
			 * save: a reviewer whose confirmed work email has this domain is affiliated with the
			 * platform (reviews.ts). Null without a website or a registrable domain.
			 */
			websiteDomain: text('website_domain'),
			category: text('category').notNull(),
			isRecommended: boolean('is_recommended').notNull().default(false),
			sortOrder: integer('sort_order').notNull().default(0),
			/** Average of the counted platform_ratings, two decimals; kept in step inside the rating transaction. */
			rating: double('rating').notNull().default(0),
			/**
			 * The weighted mean of the counted reviews (the published method, src/lib/review-score.ts),
			 * full precision; kept in step with rating. A review's age weighs as 0.5^(age/365 days),
			 * a factor all reviews share as time passes, so the mean needs no recompute as days go by.
			 */
			score: double('score').notNull().default(0),
			reviewCount: integer('review_count').notNull().default(0),
			/**
			 * The counted reviews per star and their sub-score averages (one decimal, null when
			 * none gave it): kept in step in the same transaction as rating and reviewCount, so
			 * the platform page never aggregates its reviews when it is read.
			 */
			stars1: integer('stars_1').notNull().default(0),
			stars2: integer('stars_2').notNull().default(0),
			stars3: integer('stars_3').notNull().default(0),
			stars4: integer('stars_4').notNull().default(0),
			stars5: integer('stars_5').notNull().default(0),
			easeOfUseAverage: double('ease_of_use_average'),
			supportAverage: double('support_average'),
			measurementAverage: double('measurement_average'),
			valueForMoneyAverage: double('value_for_money_average'),
			/** How many counted reviews gave each sub-score (null: kept before these counts were). */
			easeOfUseCount: integer('ease_of_use_count'),
			supportCount: integer('support_count'),
			measurementCount: integer('measurement_count'),
			valueForMoneyCount: integer('value_for_money_count'),
			/**
			 * When the background recompute last wrote the platform's themes (platform_themes); null
			 * until it first did. Housekeeping queues the reviewed platforms still null (reviewed
			 * before themes existed), whether or not their reviews make any theme.
			 */
			themesComputedAt: timestamp('themes_computed_at'),
			/**
			 * The generation of review_themes readers use: a recompute writes the next one in short
			 * steps beside it and moves this pointer in its last, short transaction.
			 */
			themesGeneration: integer('themes_generation').notNull().default(0),
			createdAt: timestampNow('created_at'),
			updatedAt: timestampNow('updated_at'),
		},
		(t) => [
			index('platforms_name_idx').on(t.name),
			index('platforms_rating_idx').on(t.rating),
			index('platforms_score_idx').on(t.score),
			index('platforms_category_idx').on(t.category),
			index('platforms_sort_order_idx').on(t.sortOrder, t.name),
			uniqueIndex('platforms_slug_idx').on(t.slug),
		],
	);

	/**
	 * The slugs items had before their current one (which their own table holds): an earlier
	 * address moves to the current one in one hop, and no other item of the kind may take a
	 * slug once used (the item itself may take it back). Rows go with their item (deleted by
	 * its service: src/server/addresses/slugs.ts).
	 */
	const itemSlugs = table(
		'item_slugs',
		{
			id: id(),
			kind: text('kind', { enum: SLUG_KINDS }).notNull(),
			slug: text('slug').notNull(),
			itemId: integer('item_id').notNull(),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			uniqueIndex('item_slugs_kind_slug_idx').on(t.kind, t.slug),
			index('item_slugs_item_idx').on(t.kind, t.itemId),
		],
	);

	/**
	 * One editor change of one public field of a platform, for its public history. The editor is
	 * deliberately not recorded: the history never names who made a change. `from` and `to` hold
	 * JSON: the old and new value, or for a list the items removed and the items added.
	 */
	const platformChanges = table(
		'platform_changes',
		{
			id: id(),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			field: text('field').notNull(),
			fromValue: text('from_value').notNull(),
			toValue: text('to_value').notNull(),
			at: timestampNow('at'),
		},
		(t) => [index('platform_changes_platform_at_idx').on(t.platformId, t.at)],
	);

	const platformRatings = table(
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
			/**
			 * The structured parts of a review, all optional; their values are checked by the rating
			 * schema (src/lib/review-profile.ts), not by a CHECK, which SQLite could only add by
			 * copying the table.
			 */
			pros: text('pros'),
			cons: text('cons'),
			easeOfUse: integer('ease_of_use'),
			support: integer('support'),
			measurement: integer('measurement'),
			valueForMoney: integer('value_for_money'),
			reviewerRole: text('reviewer_role'),
			companySize: text('company_size'),
			industry: text('industry'),
			/**
			 * Readers' votes on the review, kept in step with review_votes by the vote's transaction,
			 * so the helpful order reads an index instead of counting every review's votes.
			 */
			helpfulVotes: integer('helpful_votes').notNull().default(0),
			unhelpfulVotes: integer('unhelpful_votes').notNull().default(0),
			/** Where the review came from: 'vendor-invited' when sent through a representative's invitation. */
			source: text('source', { enum: REVIEW_SOURCES }).notNull().default('organic'),
			/** The reviewer said they received something for the review. */
			incentivized: boolean('incentivized').notNull().default(false),
			createdAt: timestampNow('created_at'),
			updatedAt: timestampNow('updated_at'),
		},
		(t) => [
			uniqueIndex('platform_ratings_one_per_user').on(t.platformId, t.userId),
			// A platform's reviews in id order, a page at a time (the themes' recompute reads them 500
			// by 500 after the last id read): without it each page sorted all the platform's reviews.
			index('platform_ratings_platform_id_idx').on(t.platformId, t.id),
			// Most helpful first (the index read backwards), newest first among equals; the same
			// within the three reviewer filters, where walking the platform's whole helpful order
			// for the few matching reviews took tens of times longer at 100,000.
			index('platform_ratings_helpful_idx').on(t.platformId, t.helpfulVotes, t.createdAt, t.id),
			index('platform_ratings_reviewer_helpful_idx').on(
				t.platformId,
				t.reviewerRole,
				t.companySize,
				t.industry,
				t.helpfulVotes,
				t.createdAt,
				t.id,
				t.rating,
			),
			// A platform's reviews newest first, with the filters' columns, so a filtered page and
			// its count read the index alone.
			index('platform_ratings_listing_idx').on(
				t.platformId,
				t.createdAt,
				t.id,
				t.reviewerRole,
				t.companySize,
				t.industry,
				t.rating,
				t.userId,
			),
			// By reviewer (role, then size, then industry): a filtered list's count, and its page
			// when the filters narrow it most, seek rather than scan the platform's reviews.
			index('platform_ratings_reviewer_idx').on(
				t.platformId,
				t.reviewerRole,
				t.companySize,
				t.industry,
				t.createdAt,
				t.id,
				t.rating,
				t.userId,
			),
			// By stars (highest, lowest, a star filter), with the filters' columns and the
			// sub-scores: a page by stars and the breakdown's aggregate read the index alone.
			index('platform_ratings_stars_idx').on(
				t.platformId,
				t.rating,
				t.createdAt,
				t.id,
				t.reviewerRole,
				t.companySize,
				t.industry,
				t.easeOfUse,
				t.support,
				t.measurement,
				t.valueForMoney,
				t.userId,
			),
			index('platform_ratings_user_idx').on(t.userId),
			check('platform_ratings_range', sql`${t.rating} between 1 and 5`),
		],
	);

	/**
	 * A reader's report of a review, with their reason: one per user and review. Dismissing it
	 * keeps the row (dated), so the same reader cannot report the same review again.
	 */
	const reviewReports = table(
		'review_reports',
		{
			id: id(),
			ratingId: integer('rating_id')
				.notNull()
				.references(() => platformRatings.id, { onDelete: 'cascade' }),
			userId: integer('user_id')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			reason: text('reason').notNull(),
			createdAt: timestampNow('created_at'),
			dismissedAt: timestamp('dismissed_at'),
		},
		(t) => [
			uniqueIndex('review_reports_one_per_user').on(t.ratingId, t.userId),
			index('review_reports_user_idx').on(t.userId),
		],
	);

	const platformComments = table(
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
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			index('platform_comments_platform_status_idx').on(t.platformId, t.status, t.createdAt),
			index('platform_comments_status_idx').on(t.status, t.createdAt),
			index('platform_comments_user_idx').on(t.userId),
		],
	);

	const commentVotes = table(
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
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			uniqueIndex('comment_votes_one_per_user').on(t.commentId, t.userId),
			index('comment_votes_user_idx').on(t.userId),
		],
	);

	/** Helpful / unhelpful votes on reviews (platform ratings): one per user and review. */
	const reviewVotes = table(
		'review_votes',
		{
			id: id(),
			ratingId: integer('rating_id')
				.notNull()
				.references(() => platformRatings.id, { onDelete: 'cascade' }),
			userId: integer('user_id')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			voteType: text('vote_type', { enum: VOTE_TYPES }).notNull(),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			uniqueIndex('review_votes_one_per_user').on(t.ratingId, t.userId),
			index('review_votes_user_idx').on(t.userId),
		],
	);

	/** A platform representative's answer to a review: one per review. */
	const reviewReplies = table(
		'review_replies',
		{
			id: id(),
			ratingId: integer('rating_id')
				.notNull()
				.references(() => platformRatings.id, { onDelete: 'cascade' }),
			/** The representative who wrote it last (null once their account is gone). */
			authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
			content: text('content').notNull(),
			createdAt: timestampNow('created_at'),
			updatedAt: timestampNow('updated_at'),
		},
		(t) => [
			uniqueIndex('review_replies_one_per_review').on(t.ratingId),
			index('review_replies_author_idx').on(t.authorId),
		],
	);

	/** A user following a platform: its changes and new reviews reach them by mail. */
	const platformFollows = table(
		'platform_follows',
		{
			id: id(),
			userId: integer('user_id')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			uniqueIndex('platform_follows_one_per_user').on(t.userId, t.platformId),
			index('platform_follows_platform_idx').on(t.platformId),
		],
	);

	/**
	 * One mail round about a platform for its followers (and, for new reviews, its
	 * representatives): opened by the first change or review after the last round, it gathers
	 * until `sendAt`, then one node queues its mails (status 'queued', `closedAt` set). A mail
	 * covers what happened from `since` to `closedAt`.
	 */
	const platformDigests = table(
		'platform_digests',
		{
			id: id(),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			status: text('status', { enum: PLATFORM_DIGEST_STATUSES }).notNull().default('open'),
			since: timestamp('since').notNull(),
			sendAt: timestamp('send_at').notNull(),
			closedAt: timestamp('closed_at'),
		},
		(t) => [
			index('platform_digests_status_send_at_idx').on(t.status, t.sendAt),
			index('platform_digests_platform_status_idx').on(t.platformId, t.status),
		],
	);

	/** One-click unfollow links of digest mails, one per mail, stored only as a SHA-256 hash. */
	const followUnsubscribeTokens = table(
		'follow_unsubscribe_tokens',
		{
			id: text('id').primaryKey(),
			userId: integer('user_id')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			createdAt: timestampNow('created_at'),
		},
		(t) => [index('follow_unsubscribe_tokens_user_idx').on(t.userId)],
	);

	/** The platform a user speaks for (its representative): at most one per user. */
	const platformRepresentatives = table(
		'platform_representatives',
		{
			id: id(),
			userId: integer('user_id')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			uniqueIndex('platform_representatives_one_per_user').on(t.userId),
			index('platform_representatives_platform_idx').on(t.platformId),
		],
	);

	const podcastEpisodes = table(
		'podcast_episodes',
		{
			id: id(),
			title: text('title').notNull(),
			/** The public address (/podcast/{slug}); earlier ones are kept in item_slugs. */
			slug: text('slug').notNull(),
			metaTitle: text('meta_title'),
			metaDescription: text('meta_description'),
			description: text('description').notNull(),
			imageUrl: text('image_url'),
			audioUrl: text('audio_url').notNull(),
			/** The audio file's size in bytes (the feed's enclosure length); null: not known. */
			audioBytes: integer('audio_bytes'),
			/** The audio file's MIME type (the feed's enclosure type); null: read from the URL. */
			audioType: text('audio_type', { enum: EPISODE_AUDIO_TYPES }),
			/** Minutes. */
			duration: integer('duration').notNull(),
			episodeNumber: integer('episode_number').notNull(),
			seasonNumber: integer('season_number').notNull().default(1),
			publishedAt: timestamp('published_at').notNull(),
			tags: textList('tags'),
			/** Episodes older than drafts were all public: true by default. */
			isPublished: boolean('is_published').notNull().default(true),
			/**
			 * A draft with this set is scheduled: it goes public at this time (scheduled-publishing.ts).
			 * Null once published.
			 */
			publishAt: timestamp('publish_at'),
			authorId: integer('author_id').references(() => users.id, {
				onDelete: 'set null',
			}),
			/**
			 * The last save, which an editor's save names to detect another editor's save in between.
			 * Episodes saved before it was kept date from the epoch.
			 */
			updatedAt: timestamp('updated_at').notNull().default(epoch),
		},
		(t) => [
			index('podcast_episodes_published_idx').on(t.publishedAt),
			index('podcast_episodes_publish_at_idx').on(t.publishAt),
			index('podcast_episodes_title_idx').on(t.title),
			index('podcast_episodes_duration_idx').on(t.duration),
			index('podcast_episodes_number_idx').on(t.seasonNumber, t.episodeNumber),
			uniqueIndex('podcast_episodes_slug_idx').on(t.slug),
		],
	);

	/** An image editors uploaded to the media library; its files are its variants. */
	const mediaItems = table(
		'media_items',
		{
			id: id(),
			/** The uploaded file's name, for the library's search. */
			name: text('name').notNull(),
			alt: text('alt').notNull(),
			/** The uploaded bytes' format, as sniffed (the fallback variant keeps it). */
			format: text('format', { enum: MEDIA_FORMATS }).notNull(),
			/** The largest variant's size, which the fallback has: what pages write as width and height. */
			width: integer('width').notNull(),
			height: integer('height').notNull(),
			/** The size of the upload as received. */
			bytes: integer('bytes').notNull(),
			uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			index('media_items_created_idx').on(t.createdAt),
			// The uploader's storage quota sums their rows (media/quota.ts).
			index('media_items_uploaded_by_idx').on(t.uploadedBy),
		],
	);

	/** One served file of an image: a width in a format, stored under its content-addressed key. */
	const mediaVariants = table(
		'media_variants',
		{
			id: id(),
			mediaId: integer('media_id')
				.notNull()
				.references(() => mediaItems.id, { onDelete: 'cascade' }),
			/** The file's name under /media/: a hash of its bytes and its extension. */
			key: text('key').notNull(),
			format: text('format', { enum: MEDIA_FORMATS }).notNull(),
			width: integer('width').notNull(),
			height: integer('height').notNull(),
			bytes: integer('bytes').notNull(),
			/** The variant in the upload's own format, for browsers without AVIF or WebP. */
			isFallback: boolean('is_fallback').notNull().default(false),
		},
		(t) => [index('media_variants_media_idx').on(t.mediaId), index('media_variants_key_idx').on(t.key)],
	);

	/**
	 * An episode audio file an editor uploaded (media/audio.ts), stored under /media/{key}.
	 * Identical uploads share the file (same bytes, same key), each with its own row.
	 */
	const mediaAudio = table(
		'media_audio',
		{
			id: id(),
			/** The file's name under /media/: a hash of its bytes and its extension. */
			key: text('key').notNull(),
			type: text('type', { enum: EPISODE_AUDIO_TYPES }).notNull(),
			bytes: integer('bytes').notNull(),
			/** Read from the file's frames. */
			durationSeconds: double('duration_seconds').notNull(),
			uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			index('media_audio_created_idx').on(t.createdAt),
			index('media_audio_key_idx').on(t.key),
			index('media_audio_uploaded_by_idx').on(t.uploadedBy),
		],
	);

	const usersRelations = relations(users, ({ many }) => ({
		sessions: many(sessions),
		articles: many(articles),
		ratings: many(platformRatings),
		comments: many(platformComments),
	}));
	const articlesRelations = relations(articles, ({ one }) => ({
		author: one(users, { fields: [articles.authorId], references: [users.id] }),
	}));
	const staticPagesRelations = relations(staticPages, ({ one }) => ({
		lastModifiedByUser: one(users, {
			fields: [staticPages.lastModifiedBy],
			references: [users.id],
		}),
	}));
	const platformsRelations = relations(platforms, ({ many }) => ({
		ratings: many(platformRatings),
		comments: many(platformComments),
	}));
	const platformRatingsRelations = relations(platformRatings, ({ one }) => ({
		platform: one(platforms, {
			fields: [platformRatings.platformId],
			references: [platforms.id],
		}),
		user: one(users, {
			fields: [platformRatings.userId],
			references: [users.id],
		}),
	}));
	const platformCommentsRelations = relations(platformComments, ({ one, many }) => ({
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
	const commentVotesRelations = relations(commentVotes, ({ one }) => ({
		comment: one(platformComments, {
			fields: [commentVotes.commentId],
			references: [platformComments.id],
		}),
		user: one(users, { fields: [commentVotes.userId], references: [users.id] }),
	}));
	const podcastEpisodesRelations = relations(podcastEpisodes, ({ one }) => ({
		author: one(users, {
			fields: [podcastEpisodes.authorId],
			references: [users.id],
		}),
	}));

	/** Newsletter issues: edited as drafts, then frozen once sending starts. */
	const newsletterIssues = table(
		'newsletter_issues',
		{
			id: id(),
			subject: text('subject').notNull(),
			/** The public address once sent (/newsletter/{slug}); earlier ones kept in item_slugs. */
			slug: text('slug').notNull(),
			content: text('content').notNull(),
			status: text('status', { enum: NEWSLETTER_ISSUE_STATUSES }).notNull().default('draft'),
			authorId: integer('author_id').references(() => users.id, {
				onDelete: 'set null',
			}),
			createdAt: timestampNow('created_at'),
			updatedAt: timestampNow('updated_at'),
			/** When Send was confirmed (the queue was filled). */
			sendStartedAt: timestamp('send_started_at'),
			/** When the last queued mail was settled (sent, failed or skipped). */
			sentAt: timestamp('sent_at'),
			/** A draft with this set is scheduled: it is sent at that time, not before. */
			sendAt: timestamp('send_at'),
		},
		(t) => [
			index('newsletter_issues_status_idx').on(t.status, t.createdAt),
			uniqueIndex('newsletter_issues_slug_idx').on(t.slug),
		],
	);

	/**
	 * Email-only newsletter members (no account): pending until the address is confirmed through
	 * a mailed link, then sent issues until they unsubscribe. Merged into an account that
	 * verifies the same address.
	 */
	const newsletterMembers = table(
		'newsletter_members',
		{
			id: id(),
			/** Lower case. */
			email: text('email').notNull(),
			status: text('status', { enum: NEWSLETTER_MEMBER_STATUSES }).notNull().default('pending'),
			createdAt: timestampNow('created_at'),
			confirmedAt: timestamp('confirmed_at'),
			unsubscribedAt: timestamp('unsubscribed_at'),
		},
		(t) => [
			uniqueIndex('newsletter_members_email_unique').on(t.email),
			index('newsletter_members_status_idx').on(t.status),
		],
	);

	/**
	 * A member's links, stored only as a SHA-256 hash: confirmation links (single use, expiring)
	 * and unsubscribe links (one per mail, never expiring).
	 */
	const newsletterMemberTokens = table(
		'newsletter_member_tokens',
		{
			id: text('id').primaryKey(),
			memberId: integer('member_id')
				.notNull()
				.references(() => newsletterMembers.id, { onDelete: 'cascade' }),
			purpose: text('purpose', { enum: NEWSLETTER_MEMBER_TOKEN_PURPOSES }).notNull(),
			/** Null: never expires (unsubscribe links). */
			expiresAt: timestamp('expires_at'),
			/**
			 * When this unsubscribe link switched the member off; cleared by any later choice. Only
			 * while it is set may the link undo what it did (as the accounts' links).
			 */
			unsubscribedAt: timestamp('unsubscribed_at'),
			createdAt: timestampNow('created_at'),
		},
		(t) => [index('newsletter_member_tokens_member_idx').on(t.memberId)],
	);

	/** Addresses a mail server refused for good (a 5xx answer): no issue goes to them until lifted. */
	const newsletterSuppressions = table('newsletter_suppressions', {
		/** Lower case. */
		email: text('email').primaryKey(),
		/** The mail server's answer. */
		reason: text('reason').notNull(),
		createdAt: timestampNow('created_at'),
	});

	/**
	 * The durable send queue: one row per issue (or platform digest) and recipient. A worker
	 * claims rows by moving them to 'sending' with claimed_at as a lease; a row still 'sending'
	 * after the lease belonged to a worker that died and is taken again.
	 */
	const newsletterDeliveries = table(
		'newsletter_deliveries',
		{
			id: id(),
			/** The issue, or null for a platform digest's mail. */
			issueId: integer('issue_id').references(() => newsletterIssues.id, { onDelete: 'cascade' }),
			/** The platform digest this mail is part of (instead of an issue). */
			digestId: integer('digest_id').references(() => platformDigests.id, { onDelete: 'cascade' }),
			/** Null once the account is deleted; the row is then skipped. */
			userId: integer('user_id').references(() => users.id, {
				onDelete: 'set null',
			}),
			/** An email-only member instead of an account (one of the two is set when queued). */
			memberId: integer('member_id').references(() => newsletterMembers.id, {
				onDelete: 'set null',
			}),
			status: text('status', { enum: NEWSLETTER_DELIVERY_STATUSES }).notNull().default('queued'),
			attempts: integer('attempts').notNull().default(0),
			/** A queued row waits until then (back-off after a temporary failure). */
			nextAttemptAt: timestamp('next_attempt_at').notNull(),
			/** The lease of the worker that holds a 'sending' row. */
			claimedAt: timestamp('claimed_at'),
			/** The address the mail went to (the account's address at send time). */
			sentTo: text('sent_to'),
			sentAt: timestamp('sent_at'),
			lastError: text('last_error'),
		},
		(t) => [
			uniqueIndex('newsletter_deliveries_issue_user_unique').on(t.issueId, t.userId),
			uniqueIndex('newsletter_deliveries_issue_member_unique').on(t.issueId, t.memberId),
			uniqueIndex('newsletter_deliveries_digest_user_unique').on(t.digestId, t.userId),
			index('newsletter_deliveries_claim_idx').on(t.status, t.nextAttemptAt),
			index('newsletter_deliveries_issue_status_idx').on(t.issueId, t.status),
		],
	);

	/**
	 * Unsubscribe tokens, one per mail sent, stored only as a SHA-256 hash. They do not expire: a
	 * link in an old mail must keep working, for the address it was mailed to.
	 */
	const newsletterUnsubscribeTokens = table(
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
			unsubscribedAt: timestamp('unsubscribed_at'),
			createdAt: timestampNow('created_at'),
		},
		(t) => [index('newsletter_unsubscribe_tokens_user_idx').on(t.userId)],
	);

	/**
	 * Links that show an item as its public page would, to anyone holding them, before it is
	 * published: stored only as the SHA-256 of the token, good until `expiresAt` and only while
	 * the item exists (the link names the item; a deleted item leaves it pointing at nothing).
	 */
	const previewLinks = table(
		'preview_links',
		{
			id: text('id').primaryKey(),
			subjectType: text('subject_type', { enum: PREVIEW_SUBJECTS }).notNull(),
			subjectId: integer('subject_id').notNull(),
			createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
			createdAt: timestampNow('created_at'),
			expiresAt: timestamp('expires_at').notNull(),
		},
		(t) => [index('preview_links_expires_at_idx').on(t.expiresAt)],
	);

	/**
	 * A platform representative's invitation to review the platform: a random token of which only
	 * the SHA-256 is stored (the id), usable once (usedAt) until expiresAt; a review sent with it
	 * is labelled vendor-invited. Revoking deletes the row.
	 */
	const reviewInvitations = table(
		'review_invitations',
		{
			id: text('id').primaryKey(),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			createdBy: integer('created_by')
				.notNull()
				.references(() => users.id, { onDelete: 'cascade' }),
			createdAt: timestampNow('created_at'),
			expiresAt: timestamp('expires_at').notNull(),
			usedAt: timestamp('used_at'),
		},
		(t) => [index('review_invitations_platform_idx').on(t.platformId, t.createdAt)],
	);

	/**
	 * What users like and dislike (issue 47): each counted review's key phrases, lemmatised, from its
	 * pros (likes) and cons (dislikes), as the background recomputes (community/themes.ts) found
	 * them. A mention belongs to the platform's generations from `generation` up to, not including,
	 * `retired_generation` (null: still current). The ratings list's theme filter reads those of
	 * the generation the platform points to (platforms.themes_generation). A recompute writes only
	 * what changed, as the next generation, a few hundred rows at a time: new mentions from it,
	 * gone ones retired at it. It then switches the pointer and deletes what no generation from it
	 * on holds, so a reader never sees half a set, and one changed review writes its own mentions,
	 * not its platform's every one.
	 */
	const reviewThemes = table(
		'review_themes',
		{
			ratingId: integer('rating_id')
				.notNull()
				.references(() => platformRatings.id, { onDelete: 'cascade' }),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			side: text('side', { enum: THEME_SIDES }).notNull(),
			theme: text('theme').notNull(),
			/** The first generation the mention belongs to. */
			generation: integer('generation').notNull().default(0),
			/** The first generation it no longer belongs to; null while the platform's latest holds it. */
			retiredGeneration: integer('retired_generation'),
		},
		(t) => [
			uniqueIndex('review_themes_one_idx').on(t.ratingId, t.side, t.theme, t.generation),
			// A theme's reviews (the ratings filter), a platform's mentions in that order (the
			// recompute's comparison), and what a stopped recompute left beyond the current generation
			// (read from the index alone). No index leads with the generation: SQLite then answered the
			// filter's `generation <= ?` through it, walking every mention of the platform.
			index('review_themes_platform_idx').on(t.platformId, t.theme, t.side, t.ratingId, t.generation),
			// What no generation holds any longer.
			index('review_themes_retired_idx')
				.on(t.platformId, t.retiredGeneration)
				.where(sql`${t.retiredGeneration} is not null`),
		],
	);

	/**
	 * A platform's themes mentioned by at least 2 counted reviews, with their number, the newest
	 * review ids (capped: the ratings filter lists them all) and when the theme first appeared (the
	 * follow digest names new ones). Written whole by each recompute.
	 */
	const platformThemes = table(
		'platform_themes',
		{
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			side: text('side', { enum: THEME_SIDES }).notNull(),
			theme: text('theme').notNull(),
			reviewCount: integer('review_count').notNull(),
			/** JSON: an array of review ids, newest first. */
			reviewIds: text('review_ids').notNull(),
			firstSeenAt: timestamp('first_seen_at').notNull(),
		},
		(t) => [
			uniqueIndex('platform_themes_one_idx').on(t.platformId, t.side, t.theme),
			// Most mentioned first, per side: the platform page reads the top few.
			index('platform_themes_shown_idx').on(t.platformId, t.side, t.reviewCount),
		],
	);

	/**
	 * Platforms whose themes must be recomputed: one row per platform, queued by any change to its
	 * reviews and claimed through the lease queue (db/lease-queue.ts), so one node computes it and
	 * another takes over if that one dies. `changes` counts each change, so a worker that
	 * finishes knows whether its reviews changed meanwhile (another pass then follows).
	 */
	const themeJobs = table(
		'theme_jobs',
		{
			id: id(),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			status: text('status', { enum: THEME_JOB_STATUSES }).notNull().default('queued'),
			attempts: integer('attempts').notNull().default(0),
			nextAttemptAt: timestamp('next_attempt_at').notNull(),
			claimedAt: timestamp('claimed_at'),
			/** Counts the changes queued on this row. */
			changes: integer('changes').notNull().default(0),
		},
		(t) => [
			uniqueIndex('theme_jobs_platform_idx').on(t.platformId),
			index('theme_jobs_claim_idx').on(t.status, t.nextAttemptAt),
		],
	);

	/**
	 * Each quarter's category leaders as awarded (community/leaders.ts): the housekeeping chore
	 * writes the running quarter's top three per category each round, so once the quarter is over
	 * its last round's rows stay as they were. The running quarter is always computed live.
	 */
	const categoryLeaders = table(
		'category_leaders',
		{
			/** 'YYYY-Qn' (UTC). */
			quarter: text('quarter').notNull(),
			category: text('category').notNull(),
			/** 1, 2 or 3. */
			rank: integer('rank').notNull(),
			platformId: integer('platform_id')
				.notNull()
				.references(() => platforms.id, { onDelete: 'cascade' }),
			/** The score when awarded, full precision. */
			score: double('score').notNull(),
			reviewCount: integer('review_count').notNull(),
		},
		(t) => [
			uniqueIndex('category_leaders_rank_idx').on(t.quarter, t.category, t.rank),
			index('category_leaders_platform_idx').on(t.platformId, t.quarter),
		],
	);

	/**
	 * One save of an article, page, platform or episode: the fields as saved (JSON), who saved it
	 * and a short sentence of what changed. The item is named by kind and id, without a foreign
	 * key, since the kinds live in four tables; deleting an item deletes its revisions.
	 */
	/**
	 * Partners' API access (issue 45): a content key (reads) and an admin key (writes), kept as
	 * SHA-256 hashes only. Revoking sets revokedAt (both keys stop at once, looked up in the
	 * database on every request); the row stays so the revisions it made still name it.
	 */
	const integrations = table(
		'integrations',
		{
			id: id(),
			name: text('name').notNull(),
			contentKeyHash: text('content_key_hash').notNull(),
			adminKeyHash: text('admin_key_hash').notNull(),
			createdAt: timestampNow('created_at'),
			lastUsedAt: timestamp('last_used_at'),
			revokedAt: timestamp('revoked_at'),
		},
		(t) => [
			uniqueIndex('integrations_content_key_idx').on(t.contentKeyHash),
			uniqueIndex('integrations_admin_key_idx').on(t.adminKeyHash),
		],
	);

	const revisions = table(
		'revisions',
		{
			id: id(),
			itemType: text('item_type', { enum: REVISION_SUBJECTS }).notNull(),
			itemId: integer('item_id').notNull(),
			authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
			/** The integration whose admin key made the save (authorId is then null). */
			integrationId: integer('integration_id').references(() => integrations.id, { onDelete: 'set null' }),
			fields: text('fields').notNull(),
			summary: text('summary').notNull(),
			createdAt: timestampNow('created_at'),
		},
		(t) => [index('revisions_item_idx').on(t.itemType, t.itemId, t.id)],
	);

	/**
	 * Partners' webhooks. The secret signs each message (Standard Webhooks' whsec_ form), so it
	 * is kept as given, not hashed; only the create answer shows it.
	 */
	const webhooks = table('webhooks', {
		id: id(),
		url: text('url').notNull(),
		/** The event types it receives (WEBHOOK_EVENT_TYPES). */
		events: textList('events'),
		secret: text('secret').notNull(),
		/** Off once its receiver answered 410 Gone. */
		active: boolean('active').notNull().default(true),
		createdAt: timestampNow('created_at'),
	});

	/**
	 * One message to one webhook, queued durably as the newsletter's mails are (the same lease
	 * queue, db/lease-queue.ts): every try sends the same messageId (webhook-id).
	 */
	const webhookDeliveries = table(
		'webhook_deliveries',
		{
			id: id(),
			webhookId: integer('webhook_id')
				.notNull()
				.references(() => webhooks.id, { onDelete: 'cascade' }),
			messageId: text('message_id').notNull(),
			eventType: text('event_type').notNull(),
			/** The signed body, exactly as sent. */
			payload: text('payload').notNull(),
			status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('queued'),
			attempts: integer('attempts').notNull().default(0),
			nextAttemptAt: timestamp('next_attempt_at').notNull(),
			claimedAt: timestamp('claimed_at'),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			index('webhook_deliveries_claim_idx').on(t.status, t.nextAttemptAt),
			index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
		],
	);

	/** Each try of a delivery: the receiver's HTTP status, or why there was none. */
	const webhookAttempts = table(
		'webhook_attempts',
		{
			id: id(),
			deliveryId: integer('delivery_id')
				.notNull()
				.references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
			webhookId: integer('webhook_id')
				.notNull()
				.references(() => webhooks.id, { onDelete: 'cascade' }),
			attempt: integer('attempt').notNull(),
			statusCode: integer('status_code'),
			error: text('error'),
			createdAt: timestampNow('created_at'),
		},
		(t) => [index('webhook_attempts_webhook_idx').on(t.webhookId, t.id)],
	);

	/**
	 * The outbox of partner events: each is written by the change it announces, in the change's
	 * own transaction (changes/partner-events.ts), so a change never stands without its event nor
	 * an event without its change. The webhooks worker fans each out once, from one node (the
	 * lease queue, db/lease-queue.ts), into one webhook_deliveries row per subscribed webhook.
	 * Done rows are kept a few days (housekeeping), then deleted.
	 */
	const partnerEvents = table(
		'partner_events',
		{
			id: id(),
			/** WEBHOOK_EVENT_TYPES. */
			type: text('type', { enum: WEBHOOK_EVENT_TYPES }).notNull(),
			/** The message's body ({ type, timestamp, data }), fixed when the change happened. */
			payload: text('payload').notNull(),
			status: text('status', { enum: PARTNER_EVENT_STATUSES }).notNull().default('queued'),
			attempts: integer('attempts').notNull().default(0),
			nextAttemptAt: timestamp('next_attempt_at').notNull(),
			claimedAt: timestamp('claimed_at'),
			/** When its webhook messages were queued (null until then). */
			fannedOutAt: timestamp('fanned_out_at'),
			createdAt: timestampNow('created_at'),
		},
		(t) => [
			index('partner_events_claim_idx').on(t.status, t.nextAttemptAt),
			index('partner_events_done_idx').on(t.fannedOutAt),
		],
	);

	/**
	 * The day's random salt of the visitor hash (analytics/salt.ts), shared by every node. Made on
	 * the first page view of a day; the days before are deleted then, so yesterday's visitors can
	 * no longer be linked to anyone, nor to today's.
	 */
	const analyticsSalts = table('analytics_salts', {
		/** YYYY-MM-DD, UTC. */
		day: text('day').primaryKey(),
		salt: text('salt').notNull(),
		createdAt: timestampNow('created_at'),
	});

	/**
	 * Page views of the last 30 days, one row per day, page and visitor hash (never an address or a
	 * browser name); older days become analytics_daily rows.
	 */
	const analyticsVisits = table(
		'analytics_visits',
		{
			id: id(),
			day: text('day').notNull(),
			path: text('path').notNull(),
			/** SHA-256 of the day's salt, the site, the client address and its user agent. */
			visitor: text('visitor').notNull(),
			/** The host of the outside page the visitor came from (the first one seen that day). */
			referrerHost: text('referrer_host'),
			pageviews: integer('pageviews').notNull().default(0),
		},
		(t) => [
			uniqueIndex('analytics_visits_day_path_visitor_unique').on(t.day, t.path, t.visitor),
			index('analytics_visits_day_idx').on(t.day),
		],
	);

	/**
	 * Daily totals kept after the visits of a day are gone: per day, the whole site ('total', key
	 * ''), each page ('page', key the path) and each referring host ('referrer', key the host).
	 */
	const analyticsDaily = table(
		'analytics_daily',
		{
			id: id(),
			day: text('day').notNull(),
			kind: text('kind', { enum: ANALYTICS_DAILY_KINDS }).notNull(),
			key: text('key').notNull(),
			pageviews: integer('pageviews').notNull().default(0),
			visitors: integer('visitors').notNull().default(0),
		},
		(t) => [uniqueIndex('analytics_daily_day_kind_key_unique').on(t.day, t.kind, t.key)],
	);

	/**
	 * One sign-up (an account, a newsletter subscription, a follow) and the page that brought it:
	 * the site's path and the outside host the visit came from. Who signed up is not recorded.
	 */
	const signupAttributions = table(
		'signup_attributions',
		{
			id: id(),
			kind: text('kind', { enum: SIGNUP_KINDS }).notNull(),
			/** YYYY-MM-DD, UTC. */
			day: text('day').notNull(),
			path: text('path').notNull(),
			referrerHost: text('referrer_host'),
		},
		(t) => [index('signup_attributions_day_idx').on(t.day)],
	);

	/**
	 * The links of a sent newsletter issue, each behind the site's own /r/{token} (a random token,
	 * naming no member): the click count is all that is kept of who followed it.
	 */
	const newsletterLinks = table(
		'newsletter_links',
		{
			id: id(),
			issueId: integer('issue_id')
				.notNull()
				.references(() => newsletterIssues.id, { onDelete: 'cascade' }),
			token: text('token').notNull(),
			url: text('url').notNull(),
			clicks: integer('clicks').notNull().default(0),
		},
		(t) => [
			uniqueIndex('newsletter_links_token_unique').on(t.token),
			uniqueIndex('newsletter_links_issue_url_unique').on(t.issueId, t.url),
		],
	);

	return {
		newsletterLinks,
		signupAttributions,
		analyticsSalts,
		analyticsVisits,
		analyticsDaily,
		users,
		sessions,
		passwordResetTokens,
		emailVerificationTokens,
		articles,
		staticPages,
		platforms,
		itemSlugs,
		platformRatings,
		platformChanges,
		platformComments,
		commentVotes,
		reviewVotes,
		reviewReplies,
		reviewReports,
		platformRepresentatives,
		platformFollows,
		platformDigests,
		followUnsubscribeTokens,
		podcastEpisodes,
		usersRelations,
		articlesRelations,
		staticPagesRelations,
		platformsRelations,
		platformRatingsRelations,
		platformCommentsRelations,
		commentVotesRelations,
		podcastEpisodesRelations,
		newsletterIssues,
		newsletterDeliveries,
		newsletterUnsubscribeTokens,
		newsletterMembers,
		newsletterMemberTokens,
		newsletterSuppressions,
		previewLinks,
		reviewInvitations,
		reviewThemes,
		platformThemes,
		themeJobs,
		categoryLeaders,
		mediaItems,
		mediaVariants,
		mediaAudio,
		integrations,
		revisions,
		webhooks,
		webhookDeliveries,
		webhookAttempts,
		partnerEvents,
	};
}

/** The shared tables and relations, typed as the SQLite instance (kit.ts). */
export type SharedSchema = ReturnType<typeof defineTables>;
