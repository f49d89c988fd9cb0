/**
 * The tables of the running engine, as plain ESM bindings: services write
 * `import { users } from '@/server/db'` and get the running engine's table object itself.
 *
 * The rule: engine.ts binds the engine's tables when it chooses the engine; a binding re-exported
 * with `export *` stays live, so every importer sees them. Before any engine is chosen the
 * bindings hold the tables of the engine the environment names (engine.ts), the one the first
 * db() call will choose, so a condition built ahead of the first query (say `eq(users.id, id)`)
 * has the running engine's columns. Read tables inside functions, never into a module's
 * top-level constant: a value captured at import time keeps, after a test switched engines, the
 * previous engine's table. Code that holds a handle of one engine explicitly (an adapter, a test
 * opening both engines) uses that engine's schema directly instead.
 *
 * Both schemas have the same table and column names and read as the same row types; services
 * are typed against the SQLite tables. The two lists of bindings below are written by
 * `npm run db:tables` from the names defineTables returns (tests/unit/schema-parity.test.ts
 * fails while they are not current).
 */
import * as sqliteSchema from '@db/schema';

export type Schema = typeof sqliteSchema;

let bound: Schema = sqliteSchema;

/** The tables bound now: the running engine's, or before one runs, the environment's. */
export function tables(): Schema {
	return bound;
}

export let {
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
} = bound;

/** Binds `schema`'s tables to the exports above (engine.ts, when an engine is chosen). */
export function bindTables(schema: Schema): void {
	bound = schema;
	({
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
	} = schema);
}
