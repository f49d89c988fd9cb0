/**
 * Search on PostgreSQL, answering what SQLite's FTS5 answers: every word a case- and
 * accent-insensitive prefix, all words required. The documents are the search_vector columns of
 * migration 0001_search (db/migrations-postgres), generated from each row and indexed with GIN.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { searchWords } from './words';

/**
 * Text folded the way SQLite's FTS5 tokenizer (unicode61 remove_diacritics 2) folds it: lower
 * case, accents dropped (NFD, then the combining marks U+0300-U+036F removed), and every run of
 * characters that are not letters or digits made one space, so the 'simple' parser sees plain
 * words only (no e-mail, URL or decimal tokens that FTS5 would split). Migration 0001_search
 * folds the documents with this same expression; a change here needs a migration there.
 * Letters beyond ASCII fold only in a UTF-8 database with a UTF-8 character type, which
 * migratePostgres checks.
 */
export function searchFold(text: SQLWrapper): SQL {
	return sql`regexp_replace(regexp_replace(normalize(lower(${text}), NFD), '[\\u0300-\\u036f]+', '', 'g'), '[^[:alnum:]]+', ' ', 'g')`;
}

/**
 * One word as a prefix query, folded in SQL by the index's own fold. A word left with no
 * letter or digit once folded (only combining marks) is null, and so matches nothing, as FTS5
 * matches nothing for it.
 */
function wordQuery(word: string): SQL {
	const folded = searchFold(sql`${word}::text`);
	return sql`(case when ${folded} ~ '[[:alnum:]]' then to_tsquery('simple'::regconfig, quote_literal(${folded}) || ':*') end)`;
}

/** The tsquery of what a visitor typed (every word required), or null when it has no word. */
export function searchQuery(input: string | null | undefined): SQL | null {
	const words = searchWords(input);
	if (words.length === 0) return null;
	return sql.join(words.map(wordQuery), sql` && `);
}
