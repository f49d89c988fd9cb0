/**
 * The graceful stop, on SIGTERM or SIGINT, in this order (each step logged):
 *
 * 1. `/readyz` answers 503 at once, so load balancers and orchestrators stop sending;
 * 2. the server stops accepting connections; each answer from then on closes its keep-alive
 *    connection, and idle ones are closed once they have rested (see RESTED_MS);
 * 3. requests in flight finish, up to SHUTDOWN_TIMEOUT_MS; then the rest are cut off;
 * 4. the app stops (stopApp in src/server/app/app.ts): the newsletter worker stops claiming, hands
 *    back the mails it has not started (they are claimable at once by any node) and waits for
 *    those being sent, within the same time;
 * 5. then the relay of changes between nodes, page generation and housekeeping stop, and the
 *    database closes;
 * 6. the process exits 0 (1 if a step failed).
 *
 * A second signal while stopping is logged and otherwise ignored: the time limit already bounds
 * the stop.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { baseLog, flushLog } from '@/server/runtime/log';
import type { AppStopStep } from '@/server/app/app';
import { within } from '@/lib/within';

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
	/** The answers not finished yet. */
	answersInFlight(): ReadonlySet<ServerResponse>;
	drained(): Promise<void>;
	/**
	 * Stops the app within the time left, in its order (newsletter, scheduling, relay, site, housekeeping,
	 * database), telling of each step as it ends.
	 */
	stopApp(remainingMs: () => number, stepDone: (step: AppStopStep, error?: unknown) => void): Promise<void>;
	exit?: (code: number) => void;
};

/**
 * A keep-alive connection is closed by the stop only once it has been idle this long. A client
 * may send a request on an idle connection at the very moment the server closes it; nginx then
 * retries a read elsewhere but answers a write with 502. Clients reuse their most recently used
 * connections first, so one that has rested this long is one they have stopped choosing.
 */
const RESTED_MS = 1_000;

type ConnectionState = { active: number; idleSince: number };

export function createGracefulStop({
	server,
	others = [],
	timeoutMs,
	answersInFlight,
	drained,
	stopApp,
	exit = process.exit,
}: Options): GracefulStop {
	const log = baseLog().child({ subject: 'stop' });
	let began = false;
	const connections = new Map<Socket, ConnectionState>();
	server.on('connection', (socket: Socket) => {
		connections.set(socket, { active: 0, idleSince: Date.now() });
		socket.once('close', () => connections.delete(socket));
	});

	/** Counts an answer on its connection until it is done. */
	function track(res: ServerResponse): void {
		const state = res.socket ? connections.get(res.socket) : undefined;
		if (!state) return;
		state.active += 1;
		res.once('close', () => {
			state.active -= 1;
			state.idleSince = Date.now();
		});
	}

	/**
	 * Connections are watched per answer only from the stop on (a listener per request would
	 * cost every answer while the server runs): the answers in flight then, and each request
	 * that arrives on a connection still open. A connection idle at that moment may have been
	 * used just before, so it counts as idle from then.
	 */
	function watchConnections(): void {
		const now = Date.now();
		for (const state of connections.values()) state.idleSince = now;
		for (const res of answersInFlight()) track(res);
		// Before the server's own handler, which may answer at once.
		server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
			// While stopping, each answer closes its connection: the client learns it cleanly.
			res.setHeader('Connection', 'close');
			track(res);
		});
	}

	/** Closes the connections that rested long enough; resolves when none is left. */
	function closeRestedConnections(until: number): Promise<boolean> {
		return new Promise((resolve) => {
			const look = () => {
				const now = Date.now();
				for (const [socket, state] of connections) {
					if (state.active === 0 && now - state.idleSince >= RESTED_MS) socket.destroy();
				}
				if (connections.size === 0) return resolve(true);
				if (now >= until) return resolve(false);
				setTimeout(look, 50);
			};
			look();
		});
	}

	async function stop(signal: string): Promise<void> {
		if (began) {
			log.warn({ signal }, 'stop: already stopping');
			return;
		}
		began = true;
		watchConnections();
		const deadline = Date.now() + timeoutMs;
		const remainingMs = () => Math.max(0, deadline - Date.now());
		let code = 0;
		log.info({ signal, timeoutMs }, 'stop 1/6: readiness answers 503 from now on');

		// net.Server's close: no new connections, but (unlike http.Server's) idle keep-alive
		// connections are left to closeRestedConnections.
		NetServer.prototype.close.call(server);
		log.info(
			{ inFlight: answersInFlight().size, connections: connections.size },
			'stop 2/6: no longer accepting connections',
		);

		const late = await within(
			Promise.all([drained(), closeRestedConnections(deadline)]).then(([, allClosed]) => !allClosed),
			remainingMs(),
			true,
		);
		if (late) {
			log.warn(
				{ inFlight: answersInFlight().size, connections: connections.size },
				'stop 3/6: requests still in flight at the time limit are cut off',
			);
			server.closeAllConnections();
			for (const socket of connections.keys()) socket.destroy();
		} else {
			log.info('stop 3/6: requests in flight finished');
		}

		try {
			await stopApp(remainingMs, (step, error) => {
				if (error !== undefined) {
					code = 1;
					log.error({ err: error, step }, `stop: ${step} could not stop cleanly`);
				}
				if (step === 'newsletter')
					log.info('stop 4/6: newsletter worker stopped, unstarted mails handed back');
			});
		} catch (error) {
			code = 1;
			log.error({ err: error }, 'stop: the app could not stop cleanly');
		}
		for (const other of others) other?.close();
		log.info('stop 5/6: relay and database closed');
		log.info({ code }, `stop 6/6: exiting with ${code}`);
		await flushLog();
		exit(code);
	}

	return { stopping: () => began, stop };
}
