/**
 * Per-run templates, as Epic Stack keeps a base database: what every test server would otherwise
 * make for itself at start (a migrated SQLite file, the demo content's argon2 hashes and rows,
 * the generated pages) is made once per run and copied per server. PostgreSQL's template
 * databases are in tests/support/postgres-databases.ts; the generated pages' templates are made by a server
 * (tests/support/server.ts) and copied here.
 *
 * Templates are made on first use (a run of pure unit tests makes none) in a folder the global
 * setup makes and removes.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { inject } from 'vitest';
import { openDatabase } from '@/server/db';
import { oncePerRun } from './once-per-run';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Folder of this run's templates (databases, generated sites). */
		templatesDir: string;
	}
}

export const templatesDir = () => inject('templatesDir');

/** A SQLite file with every migration applied, and the demo content when `seeded`. */
export function sqliteTemplate(seeded: boolean): Promise<string> {
	const name = seeded ? 'sqlite-seeded' : 'sqlite-migrated';
	return oncePerRun(templatesDir(), name, async () => {
		const path = join(templatesDir(), `${name}.db`);
		const db = openDatabase(path);
		try {
			if (seeded) {
				const { seedIfEmpty } = await import('../../scripts/seed/index');
				const { hashPassword } = await import('@/server/auth/password');
				await seedIfEmpty(db, hashPassword);
			}
		} finally {
			// Closing the last connection checkpoints the WAL into the file: one file to copy.
			db.$client.close();
		}
		return path;
	});
}

/** Pages a server generated at start, and the origin (SITE_URL) their absolute URLs carry. */
export type SiteTemplate = { dir: string; origin: string };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = join(dir, name);
		return statSync(full).isDirectory() ? filesUnder(full) : [full];
	});
}

/**
 * Copies generated pages into `dir` for a server whose SITE_URL is `origin`: each page with the
 * template's origin replaced, then its brotli and gzip twins made anew (as the site writer makes
 * them, after the page, so the server takes them as current).
 */
export async function copySiteTemplate(template: SiteTemplate, dir: string, origin: string): Promise<void> {
	const pages = filesUnder(template.dir).filter((file) => !/\.(br|gz)$/.test(file));
	const oldHost = new URL(template.origin).host;
	await Promise.all(
		pages.map(async (file) => {
			const original = readFileSync(file, 'utf8');
			// Every absolute URL a page carries is SITE_URL's; one in another spelling would point
			// at the template's server, which is gone. Looked for in the template's page, not the
			// copy: a new server may be given the port the template's server had.
			if (original.replaceAll(template.origin, '').includes(oldHost)) {
				throw new Error(`${file} names ${oldHost} in a form the copy does not rewrite`);
			}
			const text = original.replaceAll(template.origin, origin);
			const body = Buffer.from(text);
			const target = join(dir, relative(template.dir, file));
			// Fast settings: the server serves whichever twin it finds, and this runs per server.
			const [br, gz] = await Promise.all([
				brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
				gzipAsync(body, { level: 4 }),
			]);
			mkdirSync(join(target, '..'), { recursive: true });
			writeFileSync(target, body);
			writeFileSync(`${target}.br`, br);
			writeFileSync(`${target}.gz`, gz);
		}),
	);
}
