/**
 * Row types of the tables that API answers mirror. An answer's type picks its fields from these,
 * so a column's type is written once, in its table, and an answer cannot drift from it.
 */
import type { articles, platformComments, platforms, podcastEpisodes, sessions, users } from './sqlite';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type PlatformRow = typeof platforms.$inferSelect;
export type CommentRow = typeof platformComments.$inferSelect;
export type EpisodeRow = typeof podcastEpisodes.$inferSelect;
