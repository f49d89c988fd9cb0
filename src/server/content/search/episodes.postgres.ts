/** The episode search on PostgreSQL: the tsvector + GIN index of podcast_episodes. */
import { sql, type SQL } from 'drizzle-orm';
import { schema } from '@/server/db/postgres-connection';
import { searchQuery } from './tsquery.postgres';

/** The generated document column (not in the drizzle schema, so rows never carry it). */
const podcastVector = sql`${schema.podcastEpisodes}.search_vector`;

/** Episodes whose title, description or tags match the search; undefined for no search. */
export function podcastSearchCondition(input: string | null | undefined): SQL | undefined {
	const query = searchQuery(input);
	return query ? sql`${podcastVector} @@ (${query})` : undefined;
}
