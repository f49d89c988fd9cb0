/**
 * The page-view beacon (issue 46): `POST /api/events` as reader pages send it, each from its own
 * forwarded address (many readers, so the per-client limit never answers instead), on the pinned
 * demo server. Server CPU per beacon (goal <= 40 µs) and beacons per second on one node; the
 * views wait in memory and are written in batches, so neither includes a write per beacon.
 */
import { autocannon, type LoadFigure } from './load';

export const BEACON_CPU_GOAL_US = 40;

/** A desktop browser's name: a bot's beacon would be refused before the work being measured. */
const BROWSER =
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export async function measureBeacons(
	server: { url: string; pid: number },
	articlePath: string,
	log: (line: string) => void,
): Promise<LoadFigure> {
	const figure = await autocannon('page-view beacon', server.url, '/api/events', {
		pid: server.pid,
		method: 'POST',
		body: JSON.stringify({ name: 'pageview', path: articlePath, referrer: 'https://www.google.com/' }),
		headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
		varyClient: true,
	});
	log(
		figure.error
			? `  beacons: error ${figure.error}`
			: `  beacons: ${Math.round(figure.requestsPerSecond)} /s on one node, server CPU ` +
					`${figure.cpuUsPerRequest?.toFixed(1) ?? '?'} µs per beacon (goal <= ${BEACON_CPU_GOAL_US}), ` +
					`${figure.non2xx} non-2xx`,
	);
	return figure;
}
