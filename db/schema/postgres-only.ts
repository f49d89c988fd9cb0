/**
 * Tables only PostgreSQL has: state several nodes share, which one SQLite process keeps in
 * memory. Written with pg-core directly (the kit is for shared tables); re-exported by
 * postgres.ts, so drizzle.postgres.config.ts sees them.
 */
import { boolean, customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { postgresTimestamp, postgresTimestampNow } from './kit';

/**
 * Fixed-window rate-limit counters, shared by every node so a limit holds however the attempts
 * spread over them. Unlogged (migration 0003_unlogged_counters; drizzle cannot say so): no WAL
 * writes per attempt, and a crash that empties it only forgives a few tries.
 */
export const rateLimitCounters = pgTable(
	'rate_limit_counters',
	{
		key: text('key').primaryKey(),
		count: integer('count').notNull(),
		resetAt: postgresTimestamp('reset_at').notNull(),
	},
	(t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

/**
 * The site generator's status, one row per app node (each node generates its own pages), so
 * the dashboard can show every node.
 */
export const siteBuildStatus = pgTable('site_build_status', {
	/** The node's name (NODE_NAME, else host name and port). */
	node: text('node').primaryKey(),
	running: boolean('running').notNull().default(false),
	scope: text('scope', { enum: ['full', 'partial'] }),
	lastStartedAt: postgresTimestamp('last_started_at'),
	lastSuccessAt: postgresTimestamp('last_success_at'),
	lastDurationMs: integer('last_duration_ms'),
	lastPageCount: integer('last_page_count'),
	lastError: text('last_error'),
	lastErrorAt: postgresTimestamp('last_error_at'),
	queued: integer('queued').notNull().default(0),
	/** When the node last wrote its row: a node gone for good stops moving it. */
	updatedAt: postgresTimestampNow('updated_at'),
});

/** PostgreSQL's bytea, read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
	dataType: () => 'bytea',
});

/**
 * The media library's files when several nodes share PostgreSQL: a file uploaded on one node
 * is served by every other at once, and a database backup holds the media too. SQLite keeps
 * them in a folder (MEDIA_DIR) instead. Keys are content-addressed, so a row never changes.
 * The bytes are in media_chunks, so that no read holds a whole file.
 */
export const mediaBlobs = pgTable('media_blobs', {
	key: text('key').primaryKey(),
	contentType: text('content_type').notNull(),
	/** The file's length in bytes. */
	size: integer('size').notNull(),
	/** The length of each of its chunks but the last. */
	chunkBytes: integer('chunk_bytes').notNull(),
	createdAt: postgresTimestampNow('created_at'),
});

/**
 * A media file's bytes in fixed-size parts, numbered from 0: a range reads only the parts it
 * covers, and a whole file is read one part after another as the client takes them.
 */
export const mediaChunks = pgTable(
	'media_chunks',
	{
		key: text('key')
			.notNull()
			.references(() => mediaBlobs.key, { onDelete: 'cascade' }),
		seq: integer('seq').notNull(),
		data: bytea('data').notNull(),
	},
	(t) => [primaryKey({ columns: [t.key, t.seq] })],
);
