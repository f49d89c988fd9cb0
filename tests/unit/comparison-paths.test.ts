/**
 * Which comparison pages a platform change renders again (src/server/site/comparison-paths.ts).
 * A themes recompute touches the vs pages only: themes are on neither the pairs' share images
 * nor any alternatives page, and rendering those for every recompute kept the node busy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEngine, closeDatabase, db } from '@/server/db';
import { platformFormSchema } from '@/lib/validation/platforms';
import { createPlatform } from '@/server/platforms/directory';
import { comparisonPathsForPlatformChange } from '@/server/site/comparison-paths';
import { insertAccount } from '../support/newsletter-fixture';

const dir = mkdtempSync(join(tmpdir(), 'rmh-comparison-paths-'));
const ids: number[] = [];

beforeAll(async () => {
	await closeDatabase();
	chooseEngine({ databasePath: join(dir, 'app.db') });
	const { id: authorId } = await insertAccount(db(), { role: 'editor' });
	for (const name of ['Alpha Paths', 'Bravo Paths', 'Charlie Paths']) {
		const form = platformFormSchema.parse({
			name,
			category: 'Retail Media Networks',
			description: `${name}, a platform for the comparison paths test.`,
			pricing: 'CPM',
			features: [],
			pros: [],
			cons: [],
		});
		const platform = await createPlatform(form, { authorId });
		ids.push(platform.id);
	}
});

afterAll(async () => {
	await closeDatabase();
	rmSync(dir, { recursive: true, force: true });
});

describe('comparison pages a platform change makes stale', () => {
	it('renders the vs pages, their share images and the alternatives pages after a rating', async () => {
		const paths = await comparisonPathsForPlatformChange({
			kind: 'platform',
			id: ids[0]!,
			platformChange: 'rated',
		});
		expect(paths.filter((path) => path.startsWith('/compare/'))).toHaveLength(2);
		expect(paths.filter((path) => path.startsWith('/og/compare/'))).toHaveLength(2);
		expect(paths.filter((path) => path.endsWith('/alternatives')).length).toBeGreaterThanOrEqual(3);
	});

	it('renders only the vs pages, which show themes, after a themes recompute', async () => {
		const paths = await comparisonPathsForPlatformChange({
			kind: 'platform',
			id: ids[0]!,
			platformChange: 'themed',
		});
		expect(paths).toHaveLength(2);
		expect(paths.every((path) => path.startsWith('/compare/'))).toBe(true);
	});
});
