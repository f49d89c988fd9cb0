/**
 * PostgreSQL's backup: `pg_dump --format=custom`, itself one consistent snapshot taken without
 * blocking writers, into a temporary file beside the target; `pg_restore --list` must read the
 * whole archive before it replaces the target.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { config, databaseName } from '@/server/runtime/config';
import { BackupError, checkTarget, replaceDurably, tempBeside } from './backup';

/** Runs a PostgreSQL client tool; its own message on failure (a missing tool says how to get it). */
function runClientTool(tool: string, args: string[]): string {
	const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
		throw new BackupError(
			`${tool} is missing: install PostgreSQL's client tools (apt-get install -y postgresql-client), as new as the server.`,
		);
	}
	if (result.status !== 0) {
		throw new BackupError(`${tool} failed: ${(result.stderr || result.error?.message || '').trim()}`);
	}
	return result.stdout;
}

export async function backupPostgres(url: string, target: string): Promise<string[]> {
	checkTarget(target, '');
	const temp = tempBeside(target);
	const startedAt = performance.now();
	try {
		// The URL travels as an argument to the child only, never into the log.
		runClientTool('pg_dump', ['--format=custom', '--no-owner', '--file', temp, '--dbname', url]);
		const contents = runClientTool('pg_restore', ['--list', temp]);
		const tables = contents.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
		replaceDurably(temp, target);
		const elapsedMs = Math.round(performance.now() - startedAt);
		return [
			`Backed up ${databaseName(config())}`,
			`       to ${target} (${statSync(target).size} bytes, ${elapsedMs} ms); pg_restore --list: ${tables} tables`,
		];
	} finally {
		rmSync(temp, { force: true });
	}
}
