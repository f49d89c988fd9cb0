/**
 * The graceful stop's order (src/server/host/shutdown.ts) on a real HTTP server in this process:
 * readiness 503 from the first moment, no new connections, the request in flight finished (or
 * cut off at the time limit), then the app's stop (stopApp), then exit.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHealthProbes } from '@/server/host/health';
import { createRequestObserver } from '@/server/host/request-observer';
import { NO_TRUSTED_PROXIES } from '@/server/trusted-proxies';
import { createGracefulStop } from '@/server/host/shutdown';

type Held = { release: () => void; started: Promise<void> };
type StopApp = Parameters<typeof createGracefulStop>[0]['stopApp'];

/** A server whose /slow requests wait until released, wired like the host. */
async function stoppableServer(timeoutMs: number, stopApp: StopApp = async () => {}) {
	const requests = createRequestObserver({ trustedProxies: NO_TRUSTED_PROXIES, measure: false });
	let hold!: (held: Held) => void;
	const holding = new Promise<Held>((resolve) => (hold = resolve));
	let exitCode: number | undefined;
	let exited!: () => void;
	const exitCalled = new Promise<void>((resolve) => (exited = resolve));
	const probe = createHealthProbes(async () => ({ ready: true }), { stopping: () => graceful.stopping() });
	const server = createServer((req: IncomingMessage, res: ServerResponse) =>
		requests.observe(req, res, () => {
			const pathname = (req.url ?? '/').split('?')[0]!;
			if (probe(req, res, pathname)) return;
			let release!: () => void;
			const released = new Promise<void>((resolve) => (release = resolve));
			hold({ release, started: Promise.resolve() });
			released.then(() => res.end('done'));
		}),
	);
	const graceful = createGracefulStop({
		server,
		timeoutMs,
		answersInFlight: requests.answersInFlight,
		drained: requests.drained,
		stopApp,
		exit: (code) => {
			exitCode = code;
			exited();
		},
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return { url, server, graceful, probe, holding, exitCalled, exitCode: () => exitCode };
}

/** Answers a probe path in-process (the socket is closed to new connections by then). */
function probeStatus(probe: ReturnType<typeof createHealthProbes>, path: string): Promise<number> {
	return new Promise((resolve) => {
		const res = {
			setHeader() {},
			writeHead(status: number) {
				resolve(status);
				return res;
			},
			end() {},
		};
		probe({ method: 'GET' } as IncomingMessage, res as unknown as ServerResponse, path);
	});
}

describe('the graceful stop', () => {
	it('answers readiness 503 at once, refuses new connections, finishes the request in flight, then stops the app and exits 0', async () => {
		const order: string[] = [];
		const node = await stoppableServer(60_000, async () => void order.push('app stopped'));
		expect(await probeStatus(node.probe, '/readyz')).toBe(200);
		const inFlight = fetch(`${node.url}/slow`).then(async (answer) => ({
			status: answer.status,
			text: await answer.text(),
		}));
		const held = await node.holding;

		const stopping = node.graceful.stop('SIGTERM');
		expect(node.graceful.stopping()).toBe(true);
		expect(await probeStatus(node.probe, '/readyz')).toBe(503);
		expect(await probeStatus(node.probe, '/healthz')).toBe(200);
		await expect(fetch(`${node.url}/readyz`)).rejects.toThrow();
		expect(order).toEqual([]);
		expect(node.exitCode()).toBeUndefined();

		held.release();
		expect(await inFlight).toEqual({ status: 200, text: 'done' });
		await node.exitCalled;
		await stopping;
		expect(order).toEqual(['app stopped']);
		expect(node.exitCode()).toBe(0);
	});

	it('cuts off a request still in flight at the time limit, and still exits 0', async () => {
		const node = await stoppableServer(200);
		const inFlight = fetch(`${node.url}/slow`).then(
			() => 'answered',
			() => 'cut off',
		);
		await node.holding;
		await node.graceful.stop('SIGTERM');
		await node.exitCalled;
		expect(await inFlight).toBe('cut off');
		expect(node.exitCode()).toBe(0);
	});
});
