/**
 * What a request costs the server by who sends it: server CPU per request (from
 * /proc/<pid>/stat, user + system, every thread) and requests per second under wrk (Debian's
 * `wrk`; 16 connections), for a public API answer with no cookie, an unrelated cookie, an
 * invalid session and a session; a personal answer (GET /api/user) without and with a session;
 * a platform page's personal call (its reader's votes, pending comments and own review); and a
 * generated page signed in. One figure each, in one run, so they share the machine's state.
 */
import { platformPath } from '@/lib/public-paths';
import { procCpuMs } from './processes';
import { DEMO_USER, signIn } from './accounts';
import type { BenchServer } from './server';
import { wrk } from './wrk';

export type SignedInFigure = {
	name: string;
	path: string;
	requestsPerSecond: number;
	/** Server CPU (user + system) per answered request, in microseconds. */
	cpuMicrosPerRequest: number;
	/** Answers outside 2xx/3xx (a personal answer without a session is 401 by design). */
	non2xx: number;
	/** A personal answer to a signed-in reader: held to the personal answer's CPU budget. */
	personal: boolean;
};

const CONNECTIONS = 16;
/** A well-formed token no session has. */
const UNKNOWN_SESSION = `session=${'a'.repeat(32)}`;

/** One row: a short warm-up (the caches fill), then the measured run. */
async function measure(
	server: BenchServer,
	name: string,
	path: string,
	headers: Record<string, string>,
	seconds: number,
	personal: boolean,
): Promise<SignedInFigure> {
	await wrk(server.url + path, { headers, seconds: 1, connections: CONNECTIONS });
	const before = procCpuMs(server.pid) ?? 0;
	const run = await wrk(server.url + path, { headers, seconds, connections: CONNECTIONS });
	const cpuMs = (procCpuMs(server.pid) ?? 0) - before;
	return {
		name,
		path,
		requestsPerSecond: run.rps,
		cpuMicrosPerRequest: run.requests > 0 ? (cpuMs * 1000) / run.requests : Number.NaN,
		non2xx: run.non2xx,
		personal,
	};
}

export async function measureSignedIn(
	server: BenchServer,
	platform: { id: number; slug: string },
	seconds = 5,
	log: (line: string) => void = () => {},
): Promise<SignedInFigure[]> {
	const session = await signIn(server.url, DEMO_USER);
	const encodings = { 'accept-encoding': 'br, gzip' };
	const signedIn = { cookie: session };
	const rows: [string, string, Record<string, string>, boolean][] = [
		['GET /api/platforms, no cookie', '/api/platforms', {}, false],
		['GET /api/platforms, any cookie (other=1)', '/api/platforms', { cookie: 'other=1' }, false],
		['GET /api/platforms, an invalid session', '/api/platforms', { cookie: UNKNOWN_SESSION }, false],
		['GET /api/platforms, signed in', '/api/platforms', signedIn, false],
		['GET /api/user, no cookie', '/api/user', {}, false],
		['GET /api/user, signed in', '/api/user', signedIn, true],
		// The one personal call of a platform page: the reader's votes, pending comments, own review.
		[
			`GET /api/platforms/${platform.id}/my-votes, signed in`,
			`/api/platforms/${platform.id}/my-votes`,
			signedIn,
			true,
		],
		[`GET /platforms/{slug} (generated), signed in`, platformPath(platform.slug), signedIn, false],
	];
	const figures: SignedInFigure[] = [];
	for (const [name, path, headers, personal] of rows) {
		const figure = await measure(server, name, path, { ...encodings, ...headers }, seconds, personal);
		log(
			`${name}: ${Math.round(figure.requestsPerSecond)} req/s, ${Math.round(figure.cpuMicrosPerRequest)} µs CPU per request`,
		);
		figures.push(figure);
	}
	return figures;
}

/** The figures as a Markdown table, for the log and the README. */
export function signedInTable(figures: SignedInFigure[]): string {
	return [
		'| request | req/s | server CPU per request |',
		'|---|---|---|',
		...figures.map(
			(f) =>
				`| ${f.name} | ${Math.round(f.requestsPerSecond).toLocaleString('en')} | ${Math.round(f.cpuMicrosPerRequest).toLocaleString('en')} µs |`,
		),
	].join('\n');
}
