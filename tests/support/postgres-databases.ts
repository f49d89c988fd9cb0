/**
 * PostgreSQL for the tests: one throwaway cluster per test run (initdb + pg_ctl on a free port,
 * fsync off), template databases migrated (and one seeded) once, and a database of its own for
 * each test file, copied from a template (CREATE DATABASE … TEMPLATE takes milliseconds).
 *
 * The cluster starts on first use, so a run without PostgreSQL tests never needs PostgreSQL.
 * Test files run in several worker processes: the first to ask starts the cluster, the others
 * wait for it (tests/support/once-per-run.ts). The global setup
 * (tests/support/global.ts, with scripts/shared/postgres-cluster.ts) owns the run folder and stops
 * the cluster after the run.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import {
	closePostgres,
	migratePostgres,
	openPostgres,
	type PostgresDatabase,
} from '@/server/db/postgres-connection';
import type { AppDatabase } from '@/server/db';
import { oncePerRun } from './once-per-run';
import { postgresBinDir, startPostgresServer, SUPERUSER } from '../../scripts/shared/postgres-cluster';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Folder of this run's PostgreSQL cluster (data, log, socket, ready file). */
		postgresRunDir: string;
	}
}

const TEMPLATE = 'rmh_template';
const SEEDED_TEMPLATE = 'rmh_seeded';

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
		['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=300'],
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
	await adminQuery(cluster, `alter database ${TEMPLATE} with is_template true allow_connections false`);
	return cluster;
}

/** This run's cluster, started by the first test file that asks. */
async function testCluster(): Promise<Cluster> {
	postgresBinDir(); // fail at once, with the install line, when there is nothing to run
	const runDir = inject('postgresRunDir');
	return oncePerRun(runDir, 'cluster', () => startCluster(runDir));
}

/**
 * The seeded template: a copy of the migrated one with the demo content, made once per run by
 * the first file that asks for a seeded database.
 */
async function seededTemplate(): Promise<string> {
	const started = await testCluster();
	return oncePerRun(inject('postgresRunDir'), 'seeded-template', async () => {
		await adminQuery(started, `create database ${SEEDED_TEMPLATE} template ${TEMPLATE}`);
		const database = openPostgres(adminUrl(started, SEEDED_TEMPLATE), { max: 1 });
		try {
			const { seedIfEmpty } = await import('../../scripts/seed/index');
			const { hashPassword } = await import('@/server/auth/password');
			await seedIfEmpty(database as unknown as AppDatabase, hashPassword);
		} finally {
			await closePostgres(database);
		}
		await adminQuery(
			started,
			`alter database ${SEEDED_TEMPLATE} with is_template true allow_connections false`,
		);
		return SEEDED_TEMPLATE;
	});
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

/**
 * A migrated database of its own for a test file, copied from the run's template: with the demo
 * content when `seeded`.
 */
export async function postgresTestDatabase({ seeded = false } = {}): Promise<TestPostgres> {
	return newDatabase(seeded ? await seededTemplate() : TEMPLATE);
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
