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

/** How a stand-in finds the tables: engine.ts passes "choose the engine, answer its tables". */
export function chooseTablesWith(choose: () => Schema): void {
	chosenTables = choose;
}

/**
 * A stand-in for a table of an engine not chosen yet: every property read chooses the engine and
 * reads the real table's (drizzle finds a table by its properties, never by identity, for
 * columns and conditions).
 */
function standIn<Name extends TableName>(name: Name): Schema[Name] {
	// biome-ignore lint/performance/noDynamicNamespaceImportAccess: server code that needs every table; nothing to shake
	return new Proxy(sqliteSchema[name], {
		get: (_target, key) => Reflect.get(chosenTables()[name], key),
		has: (_target, key) => Reflect.has(chosenTables()[name], key),
		getPrototypeOf: () => Reflect.getPrototypeOf(chosenTables()[name]),
	});
}

export let users = standIn('users');
export let sessions = standIn('sessions');
export let passwordResetTokens = standIn('passwordResetTokens');
export let emailVerificationTokens = standIn('emailVerificationTokens');
export let articles = standIn('articles');
export let staticPages = standIn('staticPages');
export let platforms = standIn('platforms');
export let platformRatings = standIn('platformRatings');
export let platformComments = standIn('platformComments');
export let commentVotes = standIn('commentVotes');
export let podcastEpisodes = standIn('podcastEpisodes');
export let newsletterIssues = standIn('newsletterIssues');
export let newsletterDeliveries = standIn('newsletterDeliveries');
export let newsletterUnsubscribeTokens = standIn('newsletterUnsubscribeTokens');
export let newsletterMembers = standIn('newsletterMembers');
export let newsletterMemberTokens = standIn('newsletterMemberTokens');
export let newsletterSuppressions = standIn('newsletterSuppressions');
export let reviewVotes = standIn('reviewVotes');
export let reviewReplies = standIn('reviewReplies');
export let platformRepresentatives = standIn('platformRepresentatives');

/**
 * Points every binding above at `schema`'s tables (engine.ts, when an engine is chosen), or with
 * none back at the stand-ins (when it is closed).
 */
export function bindTables(schema: Schema | undefined): void {
	const pick = <Name extends TableName>(name: Name) => (schema ? schema[name] : standIn(name));
	users = pick('users');
	sessions = pick('sessions');
	passwordResetTokens = pick('passwordResetTokens');
	emailVerificationTokens = pick('emailVerificationTokens');
	articles = pick('articles');
	staticPages = pick('staticPages');
	platforms = pick('platforms');
	platformRatings = pick('platformRatings');
	platformComments = pick('platformComments');
	commentVotes = pick('commentVotes');
	podcastEpisodes = pick('podcastEpisodes');
	newsletterIssues = pick('newsletterIssues');
	newsletterDeliveries = pick('newsletterDeliveries');
	newsletterUnsubscribeTokens = pick('newsletterUnsubscribeTokens');
	newsletterMembers = pick('newsletterMembers');
	newsletterMemberTokens = pick('newsletterMemberTokens');
	newsletterSuppressions = pick('newsletterSuppressions');
	reviewVotes = pick('reviewVotes');
	reviewReplies = pick('reviewReplies');
	platformRepresentatives = pick('platformRepresentatives');
}
