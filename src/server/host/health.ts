/**
 * Probes for load balancers, answered by the host before anything else, so they answer even
 * while Astro's handler or the site generator is busy:
 *
 * - `GET /healthz`: the process answers (200, no database). A failing liveness probe gets the
 *   process restarted, so it must not fail because the database is away.
 * - `GET /readyz`: the database answers and has this version's migrations (200), else 503 with
 *   `{ message }`; 503 as well from the moment a graceful stop began. A failing readiness probe
 *   only takes the node out of the rotation.
 *
 * Neither is ever cached: a cached "ok" would hide the node going away.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readiness } from '@/server/app/app';
import { within } from '@/lib/within';

/** The app's readiness (appReady in src/server/app/app.ts). */
type ReadinessCheck = () => Promise<Readiness>;

/** Longest a readiness check may take; a database that hangs is as good as away. */
const READY_TIMEOUT_MS = 2_000;

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(text),
		'Cache-Control': 'no-store',
	});
	res.end(req.method === 'HEAD' ? undefined : text);
}

function withTimeout(check: ReadinessCheck): Promise<Readiness> {
	const checked = check().catch(
		(): Readiness => ({ ready: false, message: 'The database cannot be checked.' }),
	);
	return within(checked, READY_TIMEOUT_MS, { ready: false, message: 'The database did not answer in time.' });
}

/**
 * Answers the two probe paths and returns true; returns false for every other request. Other
 * methods than GET and HEAD get 405, as a probe is never anything else.
 */
export function createHealthProbes(ready: ReadinessCheck, { stopping }: { stopping?: () => boolean } = {}) {
	return function serveProbe(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
		if (pathname !== '/healthz' && pathname !== '/readyz') return false;
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			res.setHeader('Allow', 'GET, HEAD');
			answer(req, res, 405, { message: 'This method is not supported.' });
			return true;
		}
		if (pathname === '/healthz') {
			answer(req, res, 200, { status: 'ok' });
			return true;
		}
		if (stopping?.()) {
			answer(req, res, 503, { message: 'This node is stopping.' });
			return true;
		}
		withTimeout(ready).then(
			(result) => {
				if (result.ready) answer(req, res, 200, { status: 'ok' });
				else answer(req, res, 503, { message: result.message });
			},
			() => answer(req, res, 503, { message: 'The database cannot be checked.' }),
		);
		return true;
	};
}
