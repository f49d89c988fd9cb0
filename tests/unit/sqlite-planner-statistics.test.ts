/**
 * SQLite's planner gets statistics when the database is opened: without them it may read a
 * platform's newest reviews through the reviewer index and sort every review for one page. And
 * the themes' queries (community/themes.ts) read a page of a platform's reviews, or a theme's
 * mentions, through an index made for them, not by walking and sorting all the platform's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db';

const dir = mkdtempSync(join(tmpdir(), 'planner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A platform with 2,000 reviews, written without statistics. */
function reviewedDatabase(path: string) {
	const db = openDatabase(path);
	const client = db.$client;
	client.exec(`insert into platforms (id, name, description, pricing, category, features, pros, cons, created_at, updated_at)
		values (1, 'One', 'd', 'CPM', 'DSP', '[]', '[]', '[]', 0, 0)`);
	const user = client.prepare(
		`insert into users (username, email, password_hash, created_at) values (?, ?, 'x', 0) returning id`,
	);
	const review = client.prepare(
		`insert into platform_ratings (platform_id, user_id, rating, reviewer_role, created_at, updated_at) values (1, ?, ?, ?, ?, ?)`,
	);
	client.transaction(() => {
		for (let i = 0; i < 2000; i++) {
			const { id } = user.get(`u${i}`, `u${i}@example.com`) as { id: number };
			review.run(id, 1 + (i % 5), ['brand', 'agency', null][i % 3], i, i);
		}
	})();
	// Two generations of mentions: every review in one theme of four, the first half in another.
	client.exec(`insert into review_themes (rating_id, platform_id, side, theme, generation)
		select id, 1, 'likes', 'theme ' || (id % 4), 1 from platform_ratings`);
	client.exec(`insert into review_themes (rating_id, platform_id, side, theme, generation)
		select id, 1, 'dislikes', 'invoice', 2 from platform_ratings where id <= 1000`);
	client.exec('update platforms set themes_generation = 2 where id = 1');
	client.exec('delete from sqlite_stat1');
	client.close();
}

/** The planner's steps for `query`, joined. */
function plan(db: ReturnType<typeof openDatabase>, query: string, ...params: unknown[]): string {
	return db.$client
		.prepare(`explain query plan ${query}`)
		.all(...params)
		.map((row) => (row as { detail: string }).detail)
		.join(' | ');
}

describe('opening a SQLite database', () => {
	it('gathers the statistics a page of newest reviews needs, and reads it from the listing index', () => {
		const path = join(dir, 'app.db');
		reviewedDatabase(path);
		const db = openDatabase(path);
		try {
			const stats = db.$client
				.prepare(`select idx from sqlite_stat1 where tbl = 'platform_ratings'`)
				.pluck()
				.all();
			expect(stats).toContain('platform_ratings_listing_idx');
			const plan = db.$client
				.prepare(
					`explain query plan select id from platform_ratings where platform_id = 1
					 order by created_at desc, id desc limit 20`,
				)
				.all()
				.map((row) => (row as { detail: string }).detail)
				.join(' | ');
			expect(plan).not.toContain('TEMP B-TREE');
		} finally {
			db.$client.close();
		}
	});

	it("reads a platform's reviews after an id 500 at a time, and a theme's mentions, through their indexes", () => {
		const path = join(dir, 'themes.db');
		reviewedDatabase(path);
		const db = openDatabase(path);
		try {
			// The recompute's read of the next reviews: a range of the index, in its order.
			const reviews = plan(
				db,
				`select id, pros, cons from platform_ratings where platform_id = ? and id > ?
				 and (pros is not null or cons is not null) order by id limit 500`,
				1,
				1000,
			);
			expect(reviews).toContain('platform_ratings_platform_id_idx (platform_id=? AND id>?)');
			expect(reviews).not.toContain('TEMP B-TREE');
			// The ratings filter: the theme's rows of the platform's generation, found by the theme.
			const theme = plan(
				db,
				`select rating_id from review_themes where platform_id = ? and generation <= ?
				 and (retired_generation is null or retired_generation > ?) and side = ? and theme = ?`,
				1,
				2,
				2,
				'dislikes',
				'invoice',
			);
			expect(theme).toContain('review_themes_platform_idx (platform_id=? AND theme=? AND side=?)');
		} finally {
			db.$client.close();
		}
	});
});
