/**
 * `npm start` (scripts/start.mjs) builds only when the build's inputs changed since the last
 * build, and the host's start log names the address it bound and the public SITE_URL.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInputsHash, buildIsCurrent, RECORD_FILE } from '../../scripts/build-inputs.mjs';
import { freePort } from '../../scripts/shared/ports';
import { tempDirsPerTest } from '../support/temp-dirs';

const tempDir = tempDirsPerTest('rmh-start-');

describe('the build inputs hash', () => {
	it('changes with a source file or SITE_URL, not with a touch', () => {
		const root = tempDir();
		mkdirSync(join(root, 'src'));
		const page = join(root, 'src/page.ts');
		writeFileSync(page, 'export const a = 1;\n');
		const env = { SITE_URL: 'https://example.com' };
		const first = buildInputsHash(root, env);
		utimesSync(page, new Date(), new Date(Date.now() + 60_000));
		expect(buildInputsHash(root, env)).toBe(first);
		expect(buildInputsHash(root, { SITE_URL: 'https://other.example' })).not.toBe(first);
		writeFileSync(page, 'export const a = 2;\n');
		expect(buildInputsHash(root, env)).not.toBe(first);
	});

	it('calls a build current only when its files and the same recorded hash are there', () => {
		const dist = tempDir();
		expect(buildIsCurrent(dist, 'abc')).toBe(false);
		for (const file of ['server/entry.mjs', 'host/main.mjs', 'host/serve.mjs']) {
			mkdirSync(join(dist, file, '..'), { recursive: true });
			writeFileSync(join(dist, file), '');
		}
		expect(buildIsCurrent(dist, 'abc')).toBe(false);
		writeFileSync(join(dist, RECORD_FILE), 'abc\n');
		expect(buildIsCurrent(dist, 'abc')).toBe(true);
		expect(buildIsCurrent(dist, 'abd')).toBe(false);
	});
});

describe('npm start with nothing changed', () => {
	it('serves the existing build without building, and logs the bound address and SITE_URL', async () => {
		const dir = tempDir();
		// A build folder made of the test run's build (the same files), recorded as built from
		// the sources as they are now.
		const dist = join(dir, 'dist');
		mkdirSync(dist);
		for (const part of ['client', 'server', 'host']) {
			symlinkSync(resolve('dist', part), join(dist, part));
		}
		const siteUrl = 'https://hub.example.com';
		writeFileSync(join(dist, RECORD_FILE), buildInputsHash(resolve('.'), { SITE_URL: siteUrl }));
		const port = await freePort();
		const child = spawn(process.execPath, ['scripts/start.mjs'], {
			env: {
				...process.env,
				DIST_DIR: dist,
				HOST: '127.0.0.1',
				PORT: String(port),
				SITE_URL: siteUrl,
				DATABASE_PATH: join(dir, 'app.db'),
				DATABASE_URL: '',
				SITE_DIR: join(dir, 'site'),
				OUTBOX_DIR: join(dir, 'outbox'),
				SITE_GENERATE_ON_START: '0',
				SMTP_URL: '',
				NODE_ENV: 'production',
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		child.stderr.on('data', (chunk) => (output += chunk));
		try {
			await expect
				.poll(() => output, { timeout: 60_000 })
				.toContain('Public address (SITE_URL): https://hub.example.com');
			expect(output).toContain('up to date with the sources: not rebuilding');
			expect(output).not.toContain('astro');
			expect(output).toContain(`listening on http://127.0.0.1:${port} (bound to 127.0.0.1:${port})`);
			const answer = await fetch(`http://127.0.0.1:${port}/api/user`);
			expect(answer.status).toBe(401);
		} finally {
			if (child.exitCode === null) {
				const exited = new Promise((done) => child.once('exit', done));
				child.kill('SIGTERM');
				await exited;
			}
		}
	});
});
