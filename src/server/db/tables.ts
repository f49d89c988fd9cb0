/**
 * The tables of the running engine, as live bindings: services write
 * `import { users } from '@/server/db'` and read the engine's tables, whichever engine runs.
 *
 * The rule: the engine binds its tables once, when it is chosen (engine.ts, on the first use of
 * the database); an ESM binding re-exported with `export *` stays live, so every importer sees
 * the bound tables. Read a table inside a function, never at a module's top level: a value
 * captured at import time keeps the tables of before the choice (SQLite's). Code that holds a
 * handle of one engine explicitly (an adapter, a test opening both engines) uses that engine's
 * schema directly instead.
 *
 * Both schemas have the same table and column names and read as the same row types; services
 * are typed against the SQLite tables.
 */
import * as sqliteSchema from '@db/schema';

export type Schema = typeof sqliteSchema;

export let users = sqliteSchema.users;
export let sessions = sqliteSchema.sessions;
export let passwordResetTokens = sqliteSchema.passwordResetTokens;
export let emailVerificationTokens = sqliteSchema.emailVerificationTokens;
export let articles = sqliteSchema.articles;
export let staticPages = sqliteSchema.staticPages;
export let platforms = sqliteSchema.platforms;
export let platformRatings = sqliteSchema.platformRatings;
export let platformComments = sqliteSchema.platformComments;
export let commentVotes = sqliteSchema.commentVotes;
export let podcastEpisodes = sqliteSchema.podcastEpisodes;
export let newsletterIssues = sqliteSchema.newsletterIssues;
export let newsletterDeliveries = sqliteSchema.newsletterDeliveries;
export let newsletterUnsubscribeTokens = sqliteSchema.newsletterUnsubscribeTokens;

/** Points every binding above at `schema`'s tables (engine.ts, when an engine is chosen). */
export function bindTables(schema: Schema): void {
	users = schema.users;
	sessions = schema.sessions;
	passwordResetTokens = schema.passwordResetTokens;
	emailVerificationTokens = schema.emailVerificationTokens;
	articles = schema.articles;
	staticPages = schema.staticPages;
	platforms = schema.platforms;
	platformRatings = schema.platformRatings;
	platformComments = schema.platformComments;
	commentVotes = schema.commentVotes;
	podcastEpisodes = schema.podcastEpisodes;
	newsletterIssues = schema.newsletterIssues;
	newsletterDeliveries = schema.newsletterDeliveries;
	newsletterUnsubscribeTokens = schema.newsletterUnsubscribeTokens;
}
