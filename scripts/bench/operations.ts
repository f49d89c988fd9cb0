/**
 * The request-rate cost of the access log and the metrics, in one run: two servers on the same
 * build and database, one with both on (LOG_LEVEL=info, METRICS_PORT set, as in production) and
 * one with both off (LOG_LEVEL=silent, no metrics server), loaded in turns on the same paths
 * (on, off, on, off), each pinned to core 0 with the load on core 1, so a machine that gets
 * busier in between moves both sides. Goal: both on within 10% of both off.
 */
import { join } from 'node:path';
import { autocannon, type LoadFigure } from './load';
import { freePort } from '../shared/ports';
import { startBenchServer, type BenchServer } from './server';

export type OperationsCostFigure = {
	name: string;
	path: string;
	/** Requests per second with logging and metrics on, and off: the mean of the rounds. */
	on: number;
	off: number;
	/** on / off (1.0: no cost). */
	ratio: number;
	rounds: Array<{ on: LoadFigure; off: LoadFigure }>;
};

const ROUNDS = 2;

export async function measureOperationsCost(
	options: { root: string; distDir: string; workDir: string; dbPath: string },
	/** Named paths to load, given a server's origin. */
	paths: (origin: string) => Promise<Array<[string, string]>>,
	log: (line: string) => void,
): Promise<OperationsCostFigure[]> {
	const start = async (label: string, env: Record<string, string>) =>
		startBenchServer({
			...options,
			workDir: join(options.workDir, label),
			generateOnStart: true,
			cpu: 0,
			env,
		});
	const servers: Record<'on' | 'off', BenchServer> = {
		on: await start('operations-on', { LOG_LEVEL: 'info', METRICS_PORT: String(await freePort()) }),
		off: await start('operations-off', { LOG_LEVEL: 'silent', METRICS_PORT: '' }),
	};
	try {
		await Promise.all([servers.on.idle(), servers.off.idle()]);
		const figures: OperationsCostFigure[] = [];
		for (const [name, path] of await paths(servers.on.url)) {
			const rounds: OperationsCostFigure['rounds'] = [];
			for (let round = 0; round < ROUNDS; round += 1) {
				const on = await autocannon(`${name} (logs and metrics on)`, servers.on.url, path, {
					pid: servers.on.pid,
					duration: 8,
				});
				const off = await autocannon(`${name} (logs and metrics off)`, servers.off.url, path, {
					pid: servers.off.pid,
					duration: 8,
				});
				rounds.push({ on, off });
			}
			const mean = (side: 'on' | 'off') =>
				rounds.reduce((sum, round) => sum + round[side].requestsPerSecond, 0) / rounds.length;
			const figure = {
				name,
				path,
				on: mean('on'),
				off: mean('off'),
				ratio: mean('off') ? mean('on') / mean('off') : 0,
				rounds,
			};
			figures.push(figure);
			log(
				`  ${name}: on ${Math.round(figure.on)} req/s, off ${Math.round(figure.off)} req/s (${figure.ratio.toFixed(2)}x)`,
			);
		}
		return figures;
	} finally {
		await Promise.all([servers.on.stop(), servers.off.stop()]);
	}
}
