/**
 * Turns what a visitor typed into an FTS5 MATCH expression. Only letters, digits and combining
 * marks survive, and every word is quoted, so FTS5 syntax in the input (quotes, *, OR, NEAR(,
 * column filters) is searched as text and can never make the query fail.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

export const MAX_SEARCH_WORDS = 8;
export const MAX_SEARCH_WORD_LENGTH = 40;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * `"retail"* AND "media"*`: each word a prefix term, all required. Null when the input has no
 * usable word, which callers read as "no search filter". Case and diacritics are folded by the
 * index's tokenizer (unicode61 remove_diacritics 2).
 */
export function toFtsQuery(input: string | null | undefined): string | null {
	if (!input) return null;
	const words = (input.trim().match(WORD) ?? [])
		.slice(0, MAX_SEARCH_WORDS)
		.map((word) => Array.from(word).slice(0, MAX_SEARCH_WORD_LENGTH).join(''));
	if (words.length === 0) return null;
	return words.map((word) => `"${word}"*`).join(' AND ');
}

/** The external-content FTS5 tables of migration 0001, keyed by the table they index. */
export type FtsTable = 'articles_fts' | 'podcast_episodes_fts';

/** `id IN (rowids matching the search)`, or undefined when the input has nothing to search. */
export function ftsCondition(
	table: FtsTable,
	id: SQLiteColumn,
	input: string | undefined,
): SQL | undefined {
	const match = toFtsQuery(input);
	if (!match) return undefined;
	return sql`${id} in (select rowid from ${sql.identifier(table)} where ${sql.identifier(table)} match ${match})`;
}
