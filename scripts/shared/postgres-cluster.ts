/**
 * The throwaway PostgreSQL cluster of a test run: finding the server binaries, running them (as
 * the `postgres` account when we are root: initdb and postgres refuse root), and the run folder
 * the global setup makes and removes. The per-file databases are in tests/support/postgres-databases.ts.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

export const SUPERUSER = 'postgres';
/** Root may not run initdb or postgres; Debian's package makes this account for them. */
const asRoot = () => process.getuid?.() === 0;

/** The single line that installs the server binaries, for this kind of machine. */
function installLine(): string {
	if (process.platform === 'darwin') return 'brew install postgresql@15';
	if (existsSync('/usr/bin/apt-get')) return 'apt-get install -y postgresql';
	if (existsSync('/usr/bin/dnf')) return 'dnf install -y postgresql-server';
	if (existsSync('/sbin/apk')) return 'apk add postgresql';
	return 'install PostgreSQL 15 or newer (initdb, pg_ctl) and set POSTGRES_BIN_DIR';
}

/**
 * Where initdb and pg_ctl live: POSTGRES_BIN_DIR, else Debian's /usr/lib/postgresql/<newest>/bin,
 * else the PATH (other distributions, Homebrew).
 */
export function postgresBinDir(): string {
	const candidates: string[] = [];
	if (process.env.POSTGRES_BIN_DIR) candidates.push(process.env.POSTGRES_BIN_DIR);
	if (existsSync('/usr/lib/postgresql')) {
		const versions = readdirSync('/usr/lib/postgresql')
			.filter((name) => /^\d+$/.test(name))
			.sort((a, b) => Number(b) - Number(a));
		candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
	}
	candidates.push(...(process.env.PATH ?? '').split(':').filter(Boolean));
	const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
	if (!found) throw new Error(`PostgreSQL is not installed: ${installLine()}`);
	return found;
}

/** Runs a server binary, as `postgres` when we are root; throws with its output on failure. */
export function runServerTool(tool: string, args: string[]): void {
	const binary = join(postgresBinDir(), tool);
	const [command, argv] = asRoot() ? ['runuser', ['-u', SUPERUSER, '--', binary, ...args]] : [binary, args];
	const result = spawnSync(command, argv, {
		encoding: 'utf8',
		timeout: 120_000,
	});
	if (result.status !== 0) {
		throw new Error(
			`${tool} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`,
		);
	}
}

/**
 * Creates a cluster in `runDir` (UTF-8 with a UTF-8 character type: search folds text by it, as
 * production needs) and starts it on a free port of 127.0.0.1, its socket in `runDir` too.
 * `settings` are the server's own (`-c name=value`) beside those. Returns the port.
 */
export async function startPostgresServer(
	runDir: string,
	settings: string[],
	{ noSync = false } = {},
): Promise<number> {
	const data = join(runDir, 'data');
	const initArgs = ['-D', data, '-A', 'trust', '-U', SUPERUSER, '-E', 'UTF8', '--locale=C.UTF-8'];
	runServerTool('initdb', noSync ? [...initArgs, '--no-sync'] : initArgs);
	const port = await freePort();
	const options = [`-p ${port}`, `-k ${runDir}`, '-c listen_addresses=127.0.0.1', ...settings];
	runServerTool('pg_ctl', [
		'-D',
		data,
		'-l',
		join(runDir, 'log'),
		'-w',
		'-t',
		'60',
		'-o',
		options.join(' '),
		'start',
	]);
	return port;
}

/** The global setup's part: a private folder the server account may write to. */
export function createPostgresRunDir(): string {
	const dir = mkdtempSync(join(tmpdir(), 'rmh-pg-'));
	if (asRoot()) {
		const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
		const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' });
		// Without the account there is no server to run either; the first test that asks says so.
		if (uid.status === 0 && gid.status === 0) {
			chownSync(dir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
		}
	}
	return dir;
}

/** The global teardown's part: stops the cluster if a test started one, then removes it all. */
export function stopPostgresCluster(runDir: string): void {
	try {
		if (existsSync(join(runDir, 'data', 'postmaster.pid'))) {
			runServerTool('pg_ctl', ['-D', join(runDir, 'data'), '-m', 'immediate', 'stop']);
		}
	} finally {
		rmSync(runDir, { recursive: true, force: true });
	}
}
