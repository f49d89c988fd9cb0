/**
 * The longest URL (or path) the server keeps anything for in memory: a cached API answer, a
 * path's page file, a path's route name. The site's own links stay far below it; a longer
 * request is still answered, only not remembered, so a client sending 16 KB URLs cannot make
 * each lookup table hold 16 KB per entry.
 *
 * No imports: the host and the app both read it.
 */
export const MAX_REMEMBERED_URL_LENGTH = 1024;
