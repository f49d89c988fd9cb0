/**
 * The tables of the running engine, as live bindings: services write
 * `import { users } from '@/server/db'` and read the engine's tables, whichever engine runs.
 *
 * The rule: the engine binds its tables once, when it is chosen (engine.ts, on the first use of
 * the database); an ESM binding re-exported with `export *` stays live, so every importer sees
 * the bound tables. Until then each binding is a stand-in whose first property read chooses the
 * engine and answers from its table, so a condition built before the first db() call (say
 * `eq(users.id, id)` ahead of the query) still gets the running engine's columns. Read tables
 * inside functions, never into a module's top-level constant: a value captured at import time
 * keeps the stand-in, or after a test switched engines, the previous engine's table. Code that
 * holds a handle of one engine explicitly (an adapter, a test opening both engines) uses that
 * engine's schema directly instead.
 *
 * Both schemas have the same table and column names and read as the same row types; services
 * are typed against the SQLite tables.
 */
import * as sqliteSchema from '@db/schema';

export type Schema = typeof sqliteSchema;

type TableName = Exclude<
	{ [Name in keyof Schema]: Schema[Name] extends { _: { name: string } } ? Name : never }[keyof Schema],
	undefined
>;

/** Answers the chosen engine's tables, choosing it first if need be (set by engine.ts). */
let chosenTables: () => Schema = () => sqliteSchema;

/**
 * A stand-in for a table of an engine not chosen yet: every property read chooses the engine and
 * reads the real table's (drizzle finds a table by its properties, never by identity, for
 * columns and conditions).
 */
function standIn<Name extends TableName>(name: Name): Schema[Name] {
	return new Proxy(sqliteSchema[name], {
		get: (_target, key) => Reflect.get(chosenTables()[name], key),
		has: (_target, key) => Reflect.has(chosenTables()[name], key),
		getPrototypeOf: () => Reflect.getPrototypeOf(chosenTables()[name]),
	});
}

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

/** Points every binding at stand-ins that choose the engine on first use (engine.ts). */
export function unbindTables(choose: () => Schema): void {
	chosenTables = choose;
	users = standIn('users');
	sessions = standIn('sessions');
	passwordResetTokens = standIn('passwordResetTokens');
	emailVerificationTokens = standIn('emailVerificationTokens');
	articles = standIn('articles');
	staticPages = standIn('staticPages');
	platforms = standIn('platforms');
	platformRatings = standIn('platformRatings');
	platformComments = standIn('platformComments');
	commentVotes = standIn('commentVotes');
	podcastEpisodes = standIn('podcastEpisodes');
	newsletterIssues = standIn('newsletterIssues');
	newsletterDeliveries = standIn('newsletterDeliveries');
	newsletterUnsubscribeTokens = standIn('newsletterUnsubscribeTokens');
}

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
