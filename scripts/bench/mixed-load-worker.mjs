/**
 * One mixed-load run with autocannon: three groups of connections at once, each measured on
 * its own so the reads' latency is not hidden among the sign-ins': readers cycle through page
 * views and API reads; writers vote and rate as many signed-in users (so per-user rate limits
 * are not what is measured); signers-in send one right password for every three wrong ones,
 * each from its own forwarded address (the server trusts the proxy here) and the wrong ones
 * for fresh emails, so every attempt costs a password hash instead of a cheap 429.
 * Prints { reads, writes, signIns } as JSON on stdout.
 * Usage: node mixed-load-worker.mjs '<json config>' (see mixed-load.ts)
 */
import autocannon from 'autocannon';

const config = JSON.parse(process.argv[2]);
const { origin, cookies, accounts, articleId, platformIds, commentIds, duration } = config;
const json = { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' };
let turn = 0;
const next = (list) => list[turn++ % list.length];

const get = (path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'br, gzip' } });
const withUser = (build) => ({
	method: 'POST',
	setupRequest(request) {
		const { path, body } = build();
		return { ...request, path, body: JSON.stringify(body), headers: { ...json, cookie: next(cookies) } };
	},
});

const reads = [
	get('/'),
	get(`/news/${articleId}`),
	get('/api/platforms'),
	get('/platforms'),
	get('/api/news?search=retail'),
	get(`/platforms/${platformIds[0]}`),
	get(`/api/platforms/${platformIds[1]}/comments`),
	get(`/api/platforms/${platformIds[2]}/ratings`),
	get('/podcast'),
];

const writes = [
	withUser(() => ({
		path: `/api/comments/${next(commentIds)}/vote`,
		body: { voteType: turn % 2 ? 'helpful' : 'unhelpful' },
	})),
	withUser(() => ({
		path: `/api/platforms/${next(platformIds)}/ratings`,
		body: { rating: 1 + (turn % 5), review: turn % 3 ? undefined : 'Load test review' },
	})),
];

let attempt = 0;
const signIn = (right) => ({
	method: 'POST',
	path: '/api/login',
	setupRequest(request) {
		attempt += 1;
		const address = `10.${(attempt >> 16) & 255}.${(attempt >> 8) & 255}.${attempt & 255}`;
		const body = right
			? next(accounts)
			: { email: `guess-${process.pid}-${attempt}@example.com`, password: 'wrong-password' };
		return { ...request, headers: { ...json, 'x-forwarded-for': address }, body: JSON.stringify(body) };
	},
});
const signIns = [signIn(true), signIn(false), signIn(false), signIn(false)];

const run = (connections, requests) => autocannon({ url: origin, connections, duration, requests });
const figures = (result) => ({
	requestsPerSecond: result.requests.average,
	totalRequests: result.requests.total,
	latencyP50: result.latency.p50,
	latencyP99: result.latency.p99,
	latencyMax: result.latency.max,
	errors: result.errors,
	timeouts: result.timeouts,
	non2xx: result.non2xx,
	statusCodes: result.statusCodeStats,
});

// A group of no connections is left out (reads beside sign-ins alone, without writes).
const none = Promise.resolve(undefined);
const [readResult, writeResult, signInResult] = await Promise.all([
	run(config.readConnections, reads),
	config.writeConnections > 0 ? run(config.writeConnections, writes) : none,
	config.signInConnections > 0 ? run(config.signInConnections, signIns) : none,
]);
const empty = {
	requestsPerSecond: 0,
	totalRequests: 0,
	latencyP50: 0,
	latencyP99: 0,
	latencyMax: 0,
	errors: 0,
	timeouts: 0,
	non2xx: 0,
	statusCodes: {},
};
console.log(
	JSON.stringify({
		reads: figures(readResult),
		writes: writeResult ? figures(writeResult) : empty,
		signIns: signInResult ? figures(signInResult) : empty,
	}),
);
