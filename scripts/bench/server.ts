/**
 * Starts the production host ($DIST_DIR/host/main.mjs) over a benchmark build and database,
 * the way tests/support/server.ts does (free port), and drives the site generator through
 * /api/admin/site-build signed in as the demo editor.
 */
import type { ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../shared/ports';
import { procMemory, sampleRss, spawnTracked, stopChild } from './processes';
import { signIn } from './accounts';

export type GenerationStatus = {
	running: boolean;
	queued: number;
	lastStartedAt: string | null;
	lastSuccessAt: string | null;
	lastDurationMs: number | null;
	lastPageCount: number | null;
	lastError: string | null;
	lastErrorAt: string | null;
};

export type BenchServer = {
	url: string;
	pid: number;
	siteDir: string;
	child: ChildProcess;
	logs: () => string;
	status: () => Promise<GenerationStatus>;
	/** Waits until nothing is queued or running and something has finished once. */
	idle: (timeoutMs?: number) => Promise<GenerationStatus>;
	/** Runs a full generation and measures it (wall time, RSS peak while it ran, VmHWM after). */
	fullGeneration: (timeoutMs?: number) => Promise<GenerationFigures>;
	stop: () => Promise<void>;
};

export type GenerationFigures = {
	wallMs: number;
	reportedMs: number | null;
	pages: number | null;
	error: string | null;
	peakRssBytes: number;
	vmHwmBytes: number | null;
};

export type ServerOptions = {
	root: string;
	distDir: string;
	workDir: string;
	dbPath: string;
	/** Generate every page at start (as in production) or wait for fullGeneration(). */
	generateOnStart: boolean;
	/** Core to pin the server to (taskset), when there are two. */
	cpu?: number;
	/** Extra node flags for the server (e.g. --cpu-prof when looking into a figure). */
	nodeArgs?: string[];
	/** Extra environment for the server (e.g. API_CACHE_TTL_MS=0 to measure queries uncached). */
	env?: Record<string, string>;
};

/**
 * The environment of a server that measures queries rather than kept answers: the API cache off,
 * and no per-client budget of costly reads (the bench repeats one query from one address).
 */
export const UNCACHED_ENV: Record<string, string> = { API_CACHE_TTL_MS: '0', COSTLY_READS_PER_MINUTE: '0' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startBenchServer(options: ServerOptions): Promise<BenchServer> {
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const siteDir = join(options.workDir, 'site');
	mkdirSync(siteDir, { recursive: true });
	// The server writes its log to a file, as in production (a file or the journal): read through a
	// pipe by this process, the log's every line would cost this process CPU on the machine being
	// measured, and only the host pays for logging one line per request (the bare server logs none).
	const logFile = join(options.workDir, 'server.log');
	const logFd = openSync(logFile, 'a');
	const host = join(options.distDir, 'host/main.mjs');
	const child = spawnTracked(process.execPath, [...(options.nodeArgs ?? []), host], {
		cwd: options.root,
		cpu: options.cpu,
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(port),
			DIST_DIR: options.distDir,
			DATABASE_PATH: options.dbPath,
			SITE_URL: url,
			SITE_DIR: siteDir,
			SITE_GENERATE_ON_START: options.generateOnStart ? '1' : '0',
			OUTBOX_DIR: join(options.workDir, 'outbox'),
			MEDIA_DIR: join(options.workDir, 'media'),
			SMTP_URL: '',
			NODE_ENV: 'production',
			...options.env,
		},
		stdio: ['ignore', logFd, logFd],
	});
	closeSync(logFd);
	/** The log's last 20 KB. */
	const logs = () => {
		const size = statSync(logFile).size;
		const fd = openSync(logFile, 'r');
		try {
			const tail = Buffer.alloc(Math.min(size, 20_000));
			readSync(fd, tail, 0, tail.length, size - tail.length);
			return tail.toString('utf8');
		} finally {
			closeSync(fd);
		}
	};

	const deadline = Date.now() + 60_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`Server exited early:\n${logs()}`);
		try {
			const response = await fetch(`${url}/api/user`);
			await response.arrayBuffer();
			if (response.status === 401 || response.ok) break;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) throw new Error(`Server did not start:\n${logs()}`);
		await sleep(100);
	}

	let editorCookie: string | undefined;
	// biome-ignore lint/suspicious/noAssignInExpressions: signs in once, on first use
	const editorHeaders = async () => ({ cookie: (editorCookie ??= await signIn(url)), origin: url });
	const status = async (): Promise<GenerationStatus> => {
		const headers = await editorHeaders();
		for (let attempt = 0; ; attempt++) {
			try {
				const response = await fetch(`${url}/api/admin/site-build`, { headers });
				return (await response.json()) as GenerationStatus;
			} catch (error) {
				if (child.exitCode !== null) throw new Error(`Server exited:\n${logs()}`);
				if (attempt > 50) throw error;
				await sleep(100);
			}
		}
	};
	const idle = async (timeoutMs = 600_000) => {
		const end = Date.now() + timeoutMs;
		for (;;) {
			const current = await status();
			const done = current.lastSuccessAt || current.lastError;
			if (!current.running && current.queued === 0 && done) return current;
			if (Date.now() > end) throw new Error(`Generation did not settle: ${JSON.stringify(current)}`);
			await sleep(50);
		}
	};

	return {
		url,
		pid: child.pid!,
		siteDir,
		child,
		logs,
		status,
		idle,
		async fullGeneration(timeoutMs = 900_000) {
			const before = await status();
			const stopSampling = sampleRss(child.pid!);
			const started = performance.now();
			const response = await fetch(`${url}/api/admin/site-build`, {
				method: 'POST',
				headers: await editorHeaders(),
			});
			await response.arrayBuffer();
			if (response.status !== 202) throw new Error(`Generation refused: ${response.status}`);
			const end = Date.now() + timeoutMs;
			let current = await status();
			while (current.lastStartedAt === before.lastStartedAt || current.running || current.queued > 0) {
				if (Date.now() > end) throw new Error(`Generation did not finish: ${JSON.stringify(current)}`);
				await sleep(20);
				current = await status();
			}
			const wallMs = performance.now() - started;
			const failed = current.lastErrorAt && current.lastErrorAt >= current.lastStartedAt!;
			return {
				wallMs,
				reportedMs: failed ? null : current.lastDurationMs,
				pages: failed
					? Number(current.lastError?.match(/ of (\d+) page/)?.[1] ?? NaN) || null
					: current.lastPageCount,
				error: failed ? current.lastError : null,
				peakRssBytes: stopSampling(),
				vmHwmBytes: procMemory(child.pid!, 'VmHWM'),
			};
		},
		stop: () => stopChild(child),
	};
}
