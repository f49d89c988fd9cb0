/** The episode search on SQLite: the FTS5 index podcast_episodes_fts. */
import type { SQL } from 'drizzle-orm';
import * as sqliteSchema from '@db/schema';
import { ftsCondition } from './words';

/** Episodes whose title, description or tags match the search; undefined for no search. */
export function sqliteEpisodeSearch(input: string | null | undefined): SQL | undefined {
	return ftsCondition('podcast_episodes_fts', sqliteSchema.podcastEpisodes.id, input ?? undefined);
}
