/**
 * The public API beside the site's own (issue 45): GET /api/v1/platforms with a content key
 * against GET /api/platforms, on the same server, back to back, each with its request rate and
 * server CPU per request, and the ratio of the two.
 */
import { signIn } from './accounts';
import { autocannon, type LoadFigure } from './load';
import type { BenchServer } from './server';

export type ApiV1Figures = {
	site: LoadFigure;
	keyed: LoadFigure;
	/** The keyed answer's req/s over the site's. */
	ratio: number;
	/** The same ratio from server CPU per request (the site's over the keyed one's). */
	cpuRatio: number | null;
};

export const SITE_API_PATH = '/api/platforms';
export const KEYED_API_PATH = '/api/v1/platforms';

/** The server's environment: one key sends every request, so its budget is out of the way. */
export const API_V1_ENV: Record<string, string> = {
	API_KEY_RATE_LIMIT: '1000000000',
};

/** A new integration's content key, made as the demo editor through the dashboard's API. */
export async function createContentKey(origin: string): Promise<string> {
	const cookie = await signIn(origin);
	const answer = await fetch(`${origin}/api/admin/integrations`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin, cookie },
		body: JSON.stringify({ name: 'Bench' }),
	});
	const body = (await answer.json()) as {
		contentKey?: string;
		message?: string;
	};
	if (answer.status !== 201 || !body.contentKey)
		throw new Error(`making an integration answered ${answer.status}: ${body.message ?? ''}`);
	return body.contentKey;
}

/** Both ratios of two figures; a figure that failed or has no CPU time gives null. */
export function compareApiFigures(site: LoadFigure, keyed: LoadFigure): Omit<ApiV1Figures, 'site' | 'keyed'> {
	return {
		ratio: site.requestsPerSecond ? keyed.requestsPerSecond / site.requestsPerSecond : 0,
		cpuRatio:
			site.cpuUsPerRequest && keyed.cpuUsPerRequest ? site.cpuUsPerRequest / keyed.cpuUsPerRequest : null,
	};
}

export async function measureApiV1(
	server: BenchServer,
	log: (line: string) => void,
	{ duration = 10 }: { duration?: number } = {},
): Promise<ApiV1Figures> {
	const key = await createContentKey(server.url);
	const site = await autocannon(`GET ${SITE_API_PATH}`, server.url, SITE_API_PATH, {
		duration,
		pid: server.pid,
	});
	const keyed = await autocannon(`GET ${KEYED_API_PATH} with a key`, server.url, KEYED_API_PATH, {
		duration,
		pid: server.pid,
		headers: { authorization: `Bearer ${key}` },
	});
	const figures = { site, keyed, ...compareApiFigures(site, keyed) };
	for (const figure of [site, keyed])
		log(
			`  ${figure.name}: ${Math.round(figure.requestsPerSecond)} req/s, p99 ${figure.latencyP99} ms, ` +
				`server CPU ${Math.round(figure.cpuUsPerRequest ?? 0)} µs/req, ${figure.non2xx} non-2xx ${figure.error ?? ''}`,
		);
	log(
		`  keyed over site: ${figures.ratio.toFixed(2)}x by req/s` +
			(figures.cpuRatio === null ? '' : `, ${figures.cpuRatio.toFixed(2)}x by CPU/req`),
	);
	return figures;
}
