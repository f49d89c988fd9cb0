/**
 * SQLite's planner gets statistics when the database is opened: without them it may read a
 * platform's newest reviews through the reviewer index and sort every review for one page.
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
	client.exec('delete from sqlite_stat1');
	client.close();
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
});
