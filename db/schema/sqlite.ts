/**
 * The SQLite instance of the shared tables (shared-tables.ts), the schema drizzle.config.ts generates
 * db/migrations from. SQLite has no table of its own: its full-text tables (FTS5) come from
 * migrations, and what PostgreSQL keeps in postgres-only.ts one SQLite process keeps in memory.
 * Every shared table and relation is exported by name (drizzle-kit and drizzle read a module's
 * exports); tests/unit/schema-parity.test.ts checks none is missing.
 */
import { sqliteKit } from './kit';
import { defineTables } from './shared-tables';

export const {
	users,
	sessions,
	passwordResetTokens,
	emailVerificationTokens,
	articles,
	staticPages,
	platforms,
	platformRatings,
	platformComments,
	commentVotes,
	reviewVotes,
	reviewReplies,
	platformRepresentatives,
	podcastEpisodes,
	newsletterIssues,
	newsletterDeliveries,
	newsletterUnsubscribeTokens,
	newsletterMembers,
	newsletterMemberTokens,
	newsletterSuppressions,
	usersRelations,
	articlesRelations,
	staticPagesRelations,
	platformsRelations,
	platformRatingsRelations,
	platformCommentsRelations,
	commentVotesRelations,
	podcastEpisodesRelations,
} = defineTables(sqliteKit);
