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

/** The words of a search: letters, digits and marks only, at most 8 of at most 40 characters. */
export function searchWords(input: string | null | undefined): string[] {
	if (!input) return [];
	return (input.trim().match(WORD) ?? [])
		.slice(0, MAX_SEARCH_WORDS)
		.map((word) => Array.from(word).slice(0, MAX_SEARCH_WORD_LENGTH).join(''));
}

/** `"retail"*`: the word as a quoted prefix term. */
export function prefixTerm(word: string): string {
	return `"${word}"*`;
}

/**
 * `"retail"* AND "media"*`: each word a prefix term, all required. Null when the input has no
 * usable word, which callers read as "no search filter". Case and diacritics are folded by the
 * index's tokenizer (unicode61 remove_diacritics 2). `term` may write a word's term otherwise
 * (article search spells a prefix out as its indexed terms).
 */
export function toFtsQuery(
	input: string | null | undefined,
	term: (word: string) => string = prefixTerm,
): string | null {
	const words = searchWords(input);
	if (words.length === 0) return null;
	return words.map(term).join(' AND ');
}

/**
 * `id IN (rowids matching the search)` over an FTS5 table whose rowid is the indexed row's id
 * (podcast_episodes_fts of migration 0001), or undefined when the input has nothing to search.
 */
export function ftsCondition(
	table: 'podcast_episodes_fts',
	id: SQLiteColumn,
	input: string | undefined,
): SQL | undefined {
	const match = toFtsQuery(input);
	if (!match) return undefined;
	return sql`${id} in (select rowid from ${sql.identifier(table)} where ${sql.identifier(table)} match ${match})`;
}
