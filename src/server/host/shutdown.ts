/**
 * The graceful stop, on SIGTERM or SIGINT, in this order (each step logged):
 *
 * 1. `/readyz` answers 503 at once, so load balancers and orchestrators stop sending;
 * 2. the server stops accepting connections (idle keep-alive connections are closed);
 * 3. requests in flight finish, up to SHUTDOWN_TIMEOUT_MS; then the rest are cut off;
 * 4. the newsletter worker stops claiming, hands back the mails it has not started (they are
 *    claimable at once by any node) and waits for those being sent, within the same time;
 * 5. the relay of changes between nodes and the database close;
 * 6. the process exits 0 (1 if a step failed).
 *
 * A second signal while stopping is logged and otherwise ignored: the time limit already bounds
 * the stop.
 */
import type { Server } from 'node:http';
import { baseLog, flushLog } from '@/server/log';
import { runStopStep } from '@/server/stopping';

export type GracefulStop = {
	/** True from the moment a stop began (the readiness probe answers 503). */
	stopping(): boolean;
	/** Stops as described above; resolves never (the process exits). */
	stop(signal: string): Promise<void>;
};

type Options = {
	server: Server;
	/** Servers closed last (the metrics server: scrapes go on while draining). */
	others?: Array<Server | undefined>;
	timeoutMs: number;
	inFlight(): number;
	drained(): Promise<void>;
	exit?: (code: number) => void;
};

export function createGracefulStop({ server, others = [], timeoutMs, inFlight, drained, exit = process.exit }: Options): GracefulStop {
	const log = baseLog().child({ subject: 'stop' });
	let began = false;

	async function stop(signal: string): Promise<void> {
		if (began) {
			log.warn({ signal }, 'stop: already stopping');
			return;
		}
		began = true;
		const deadline = Date.now() + timeoutMs;
		const remainingMs = () => Math.max(0, deadline - Date.now());
		let code = 0;
		log.info({ signal, timeoutMs }, 'stop 1/6: readiness answers 503 from now on');

		const closed = new Promise<void>((resolve) => server.close(() => resolve()));
		server.closeIdleConnections();
		log.info({ inFlight: inFlight() }, 'stop 2/6: no longer accepting connections');

		// A keep-alive connection becomes idle when its answer is out: close it then, rather than
		// wait for the client to send one more request on it.
		const closer = setInterval(() => server.closeIdleConnections(), 50);
		let timer: NodeJS.Timeout | undefined;
		const timedOut = new Promise<boolean>((resolve) => {
			timer = setTimeout(() => resolve(true), remainingMs());
		});
		const late = await Promise.race([drained().then(() => false), timedOut]);
		if (late) {
			log.warn({ inFlight: inFlight() }, 'stop 3/6: requests still in flight at the time limit are cut off');
			server.closeAllConnections();
		} else {
			log.info('stop 3/6: requests in flight finished');
		}
		clearInterval(closer);
		clearTimeout(timer);
		// The last answers are out: their connections are idle now.
		server.closeIdleConnections();
		await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);

		const step = async (name: 'newsletter' | 'relay' | 'database') => {
			try {
				await runStopStep(name, remainingMs);
			} catch (error) {
				code = 1;
				log.error({ err: error, step: name }, `stop: ${name} could not stop cleanly`);
			}
		};
		await step('newsletter');
		log.info('stop 4/6: newsletter worker stopped, unstarted mails handed back');
		await step('relay');
		await step('database');
		for (const other of others) other?.close();
		log.info('stop 5/6: relay and database closed');
		log.info({ code }, `stop 6/6: exiting with ${code}`);
		await flushLog();
		exit(code);
	}

	return { stopping: () => began, stop };
}
