/**
 * The PostgreSQL instance of the shared tables (shared-tables.ts), with the tables only PostgreSQL has
 * (postgres-only.ts): the schema drizzle.postgres.config.ts generates db/migrations-postgres
 * from. Its tables have pg-core types (AsPostgres) with the same fields as the SQLite instance's,
 * so services, tests and the seed name one set of fields on both engines. Full-text search is a
 * generated tsvector column with a GIN index (migration 0001_search), left out of the schema as
 * SQLite's FTS5 tables are left out of its own.
 */
import { postgresKit, type AsPostgres } from './kit';
import { defineTables, type SharedSchema } from './shared-tables';

export * from './postgres-only';

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
} = defineTables(postgresKit) as unknown as AsPostgres<SharedSchema>;
