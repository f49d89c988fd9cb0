/**
 * Load figures: autocannon runs in a child process pinned to core 1 (load-worker.mjs) against a
 * server pinned to core 0, including a bare node:http server answering the article page's bytes
 * from memory, the yardstick every figure is divided by. Also the sequential latency loop used
 * for search at scale.
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { cpuPressureMicros, procCpuMs, runToEnd, spawnTracked, stopChild } from './processes';

export type LoadFigure = {
	name: string;
	path: string;
	requestsPerSecond: number;
	totalRequests: number;
	latencyP50: number;
	latencyP90: number;
	latencyP99: number;
	latencyMax: number;
	errors: number;
	timeouts: number;
	non2xx: number;
	/** req/s divided by the bare node:http server's. */
	ratio?: number;
	/** Server CPU time (user + system) per answered request, in microseconds. */
	cpuUsPerRequest?: number;
	/** Share of the run during which some task on the machine waited for a CPU (contention). */
	cpuPressure?: number;
	/** req/s of the bare node:http run made just before this one (the ratio's denominator). */
	bareRequestsPerSecond?: number;
	error?: string;
};

export const LOAD_HEADERS = { 'accept-encoding': 'br, gzip' };
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export async function autocannon(
	name: string,
	origin: string,
	path: string,
	{
		duration = 10,
		warmup = 2,
		connections = 32,
		pid,
		headers = {},
		method,
		body,
		varyClient,
	}: LoadOptions = {},
): Promise<LoadFigure> {
	const run = (seconds: number) =>
		runToEnd(
			process.execPath,
			[
				here('./load-worker.mjs'),
				JSON.stringify({
					url: origin + path,
					connections,
					duration: seconds,
					headers: { ...LOAD_HEADERS, ...headers },
					method,
					body,
					varyClient,
				}),
			],
			{ cpu: 1 },
		);
	try {
		if (warmup > 0) await run(warmup);
		const cpuBefore = pid ? procCpuMs(pid) : null;
		const pressureBefore = cpuPressureMicros();
		const started = performance.now();
		const { code, stdout, stderr } = await run(duration);
		const elapsedUs = (performance.now() - started) * 1000;
		const pressureAfter = cpuPressureMicros();
		const cpuAfter = pid ? procCpuMs(pid) : null;
		const cpuPressure =
			pressureBefore !== null && pressureAfter !== null
				? (pressureAfter - pressureBefore) / elapsedUs
				: undefined;
		if (code !== 0) throw new Error(stderr.trim().split('\n').pop() ?? `exit ${code}`);
		const figure = JSON.parse(stdout.trim().split('\n').pop() ?? '') as Omit<LoadFigure, 'name' | 'path'>;
		const cpuUsPerRequest =
			cpuBefore !== null && cpuAfter !== null && figure.totalRequests > 0
				? ((cpuAfter - cpuBefore) * 1000) / figure.totalRequests
				: undefined;
		return {
			name,
			path,
			...figure,
			...(cpuUsPerRequest !== undefined ? { cpuUsPerRequest } : {}),
			...(cpuPressure !== undefined ? { cpuPressure } : {}),
		};
	} catch (error) {
		return {
			name,
			path,
			requestsPerSecond: 0,
			totalRequests: 0,
			latencyP50: 0,
			latencyP90: 0,
			latencyP99: 0,
			latencyMax: 0,
			errors: 0,
			timeouts: 0,
			non2xx: 0,
			error: error instanceof Error ? error.message : String(error),
		};
	}
}

export type LoadOptions = {
	duration?: number;
	warmup?: number;
	connections?: number;
	/** The server's pid: its CPU time per request is measured (robust when the machine is busy). */
	pid?: number;
	/** Request headers besides the accepted encodings. */
	headers?: Record<string, string>;
	/** Another method than GET, with its body (the page-view beacon's POST). */
	method?: string;
	body?: string;
	/** Each request from its own X-Forwarded-For address (the server must trust the proxy). */
	varyClient?: boolean;
};

/** Starts bare-server.mjs on core 0 with the given bytes; returns its origin and a stop. */
export async function startBareServer(
	file: string,
	contentType: string,
	encoding: string | null,
): Promise<{ origin: string; pid: number; stop: () => Promise<void> }> {
	const child = spawnTracked(
		process.execPath,
		[here('./bare-server.mjs'), file, contentType, ...(encoding ? [encoding] : [])],
		{ cpu: 0, stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
	const port = Number(chunk.toString().trim());
	return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}

export type SequentialFigure = {
	name: string;
	path: string;
	requests: number;
	p50: number;
	p95: number;
	p99: number;
	max: number;
	failures: number;
	results: number | null;
};

export function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return NaN;
	const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[index]!;
}

/** `requests` GETs one after the other over a kept-alive connection; latency in ms. */
export async function sequentialLatency(
	name: string,
	origin: string,
	path: string,
	requests = 200,
): Promise<SequentialFigure> {
	const times: number[] = [];
	let failures = 0;
	let results: number | null = null;
	for (let i = 0; i < requests + 5; i++) {
		const started = performance.now();
		const response = await fetch(origin + path, { headers: LOAD_HEADERS });
		const body = await response.text();
		const elapsed = performance.now() - started;
		if (i < 5) {
			// warm-up
			try {
				const parsed: unknown = JSON.parse(body);
				// A list, or the site search's groups of lists: the hits in all.
				results = Array.isArray(parsed)
					? parsed.length
					: parsed && typeof parsed === 'object' && Object.values(parsed).every(Array.isArray)
						? Object.values(parsed as Record<string, unknown[]>).reduce((sum, hits) => sum + hits.length, 0)
						: null;
			} catch {
				results = null;
			}
			continue;
		}
		if (!response.ok) failures++;
		times.push(elapsed);
	}
	times.sort((a, b) => a - b);
	return {
		name,
		path,
		requests,
		p50: percentile(times, 50),
		p95: percentile(times, 95),
		p99: percentile(times, 99),
		max: times.at(-1) ?? NaN,
		failures,
		results,
	};
}
