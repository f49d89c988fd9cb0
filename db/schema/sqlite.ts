/**
 * The SQLite instance of the shared tables (shared-tables.ts), the schema drizzle.config.ts generates
 * db/migrations from. SQLite has no table of its own: its full-text tables (FTS5) come from
 * migrations, and what PostgreSQL keeps in postgres-only.ts one SQLite process keeps in memory.
 * Every shared table and relation is exported by name (drizzle-kit and drizzle read a module's
 * exports), in a list `npm run db:tables` writes; tests/unit/schema-parity.test.ts checks that
 * it is current.
 */
import { sqliteKit } from './kit';
import { defineTables } from './shared-tables';

// The list is written by `npm run db:tables` from the names defineTables returns.
export const {
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
} = defineTables(sqliteKit);
