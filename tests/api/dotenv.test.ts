/**
 * A copied .env is read at start: the built host, started in a folder holding one (as a newcomer
 * does after `cp .env.example .env`), listens on its PORT, and with SITE_URL left empty the links
 * it mails name that port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, eventually } from '../support/account-api';
import { HOST_ENTRY } from '../support/server';
import { sqliteTemplate } from '../support/templates';
import { freePort } from '../../scripts/shared/ports';

let host: ChildProcess | undefined;
let dir: string | undefined;

afterAll(async () => {
	if (host && host.exitCode === null) {
		const exited = new Promise((done) => host!.once('exit', done));
		host.kill('SIGTERM');
		await exited;
	}
	if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a .env in the working folder', () => {
	it('sets the port, and SITE_URL follows it into mailed links', async () => {
		dir = mkdtempSync(join(tmpdir(), 'rmh-dotenv-'));
		copyFileSync(await sqliteTemplate(false), join(dir, 'app.db'));
		const port = await freePort();
		const example = readFileSync('.env.example', 'utf8');
		// The example as a newcomer copies it, with the port changed and SITE_URL left empty.
		const dotenv = example
			.replace(/^PORT=.*$/m, `PORT=${port}`)
			.replace(/^HOST=.*$/m, 'HOST=127.0.0.1')
			.replace(/^DATABASE_PATH=.*$/m, 'DATABASE_PATH=app.db')
			.replace(/^SITE_GENERATE_ON_START=.*$/m, 'SITE_GENERATE_ON_START=0')
			.replace(/^DIST_DIR=.*$/m, `DIST_DIR=${resolve(HOST_ENTRY, '../..')}`);
		expect(dotenv).toMatch(/^SITE_URL=$/m);
		writeFileSync(join(dir, '.env'), dotenv);
		// Nothing the file sets comes from the test's own environment, and the file is not skipped.
		const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'production' };
		for (const name of example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)) delete env[name[1]!];
		delete env.DOTENV;
		// The app finds its migrations relative to the working folder, which here is not the repo.
		env.MIGRATIONS_DIR = resolve('db/migrations');
		let output = '';
		host = spawn(process.execPath, [HOST_ENTRY], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
		host.stdout!.on('data', (chunk) => (output += chunk));
		host.stderr!.on('data', (chunk) => (output += chunk));
		const url = `http://127.0.0.1:${port}`;
		await eventually(async () => {
			if (host!.exitCode !== null) throw new Error(`The host exited:\n${output}`);
			return (await fetch(`${url}/api/user`).catch(() => undefined))?.status === 401 || undefined;
		}, 90_000);

		const answer = await fetch(`${url}/api/register`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
			body: JSON.stringify({
				email: 'newcomer@example.com',
				username: 'newcomer',
				password: 'secret-newcomer',
			}),
		});
		expect(answer.status, `${await answer.clone().text()}\n${output}`).toBe(201);
		const outbox = join(dir, 'data/outbox');
		const mail = await eventually(() => {
			const files = readdirSync(outbox, { withFileTypes: true }).filter((file) => file.name.endsWith('.eml'));
			return files[0] && decodeQuotedPrintable(readFileSync(join(outbox, files[0].name), 'utf8'));
		});
		expect(mail).toContain(`http://localhost:${port}/verify-email#token=`);
	});
});
