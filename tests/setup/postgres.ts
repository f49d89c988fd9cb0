/**
 * PostgreSQL for the tests: one throwaway cluster per test run (initdb + pg_ctl on a free port,
 * fsync off), a template database migrated once, and a database of its own for each test file,
 * copied from the template (CREATE DATABASE … TEMPLATE takes milliseconds).
 *
 * The cluster starts on first use, so a run without PostgreSQL tests never needs PostgreSQL.
 * Test files run in several worker processes: the first to ask starts the cluster (an atomic
 * mkdir decides which), the others wait for the file it writes when ready. The global setup
 * (tests/setup/global.ts, with tests/setup/postgres-cluster.ts) owns the run folder and stops
 * the cluster after the run.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import {
	closePostgres,
	migratePostgres,
	openPostgres,
	type PostgresDatabase,
} from '@/server/db/postgres';
import { postgresBinDir, startPostgresServer, SUPERUSER } from './postgres-cluster';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Folder of this run's PostgreSQL cluster (data, log, socket, ready file). */
		postgresRunDir: string;
	}
}

const TEMPLATE = 'rmh_template';

type Cluster = { port: number };

const adminUrl = (cluster: Cluster, database = 'postgres') =>
	`postgres://${SUPERUSER}@127.0.0.1:${cluster.port}/${database}`;

async function adminQuery(cluster: Cluster, text: string): Promise<void> {
	const client = new pg.Client({ connectionString: adminUrl(cluster) });
	await client.connect();
	try {
		await client.query(text);
	} finally {
		await client.end();
	}
}

/** initdb, start on a free port, migrate the template. Only the worker that won the lock. */
async function startCluster(runDir: string): Promise<Cluster> {
	const port = await startPostgresServer(
		runDir,
		// A throwaway cluster: losing it in a power cut costs nothing, waiting for disks does.
		[
			'-c fsync=off',
			'-c synchronous_commit=off',
			'-c full_page_writes=off',
			'-c max_connections=300',
		],
		{ noSync: true },
	);
	const cluster = { port };
	await adminQuery(cluster, `create database ${TEMPLATE}`);
	const database = openPostgres(adminUrl(cluster, TEMPLATE), { max: 1 });
	try {
		await migratePostgres(database);
	} finally {
		await closePostgres(database);
	}
	// Copies need a template nobody is connected to; refusing connections keeps it that way.
	await adminQuery(
		cluster,
		`alter database ${TEMPLATE} with is_template true allow_connections false`,
	);
	return cluster;
}

let cluster: Promise<Cluster> | undefined;

async function waitForCluster(runDir: string): Promise<Cluster> {
	const ready = join(runDir, 'cluster.json');
	const failed = join(runDir, 'failed.txt');
	if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as Cluster;
	let won = false;
	try {
		mkdirSync(join(runDir, 'starting'));
		won = true;
	} catch {
		// Another worker is starting it.
	}
	if (won) {
		try {
			const started = await startCluster(runDir);
			writeFileSync(`${ready}.tmp`, JSON.stringify(started));
			renameSync(`${ready}.tmp`, ready);
			return started;
		} catch (error) {
			writeFileSync(failed, error instanceof Error ? error.message : String(error));
			throw error;
		}
	}
	const deadline = Date.now() + 120_000;
	while (Date.now() < deadline) {
		if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as Cluster;
		if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`The test PostgreSQL cluster did not start; see ${join(runDir, 'log')}`);
}

/** This run's cluster, started by the first test file that asks. */
function testCluster(): Promise<Cluster> {
	cluster ??= (async () => {
		postgresBinDir(); // fail at once, with the install line, when there is nothing to run
		return waitForCluster(inject('postgresRunDir'));
	})();
	return cluster;
}

export type TestPostgres = {
	/** postgres://… of this database, for a server or script under test. */
	url: string;
	name: string;
	db: PostgresDatabase;
	/** Closes this file's pool (the cluster goes away after the run). */
	close: () => Promise<void>;
};

async function newDatabase(template: string): Promise<TestPostgres> {
	const started = await testCluster();
	const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
	await adminQuery(started, `create database ${name} template ${template}`);
	const url = adminUrl(started, name);
	const db = openPostgres(url, { max: 4 });
	return { url, name, db, close: () => closePostgres(db) };
}

/** A migrated database of its own for a test file (copied from the run's template). */
export function postgresTestDatabase(): Promise<TestPostgres> {
	return newDatabase(TEMPLATE);
}

/** An empty database (nothing migrated), for tests of migrating itself. */
export function emptyPostgresDatabase(): Promise<TestPostgres> {
	return newDatabase('template0');
}

/**
 * The database settings for code under test that reads its database from the environment
 * (services in-process, child processes): a SQLite file in `dir`, or, when the test run asks
 * for PostgreSQL (TEST_DATABASE=postgres), a throwaway database of the run's cluster.
 */
export async function testDatabaseSettings(
	dir: string,
): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
	if (process.env.TEST_DATABASE !== 'postgres') {
		return { env: { DATABASE_PATH: join(dir, 'app.db') }, close: async () => {} };
	}
	const database = await postgresTestDatabase();
	return { env: { DATABASE_URL: database.url }, close: database.close };
}
