/**
 * One mixed-load run with autocannon: every connection cycles through page views, API reads,
 * a sign-in and writes (votes, ratings), each write as one of many signed-in users so per-user
 * rate limits are not what is measured. Prints the summary as JSON on stdout.
 * Usage: node mixed-load-worker.mjs '<json config>' (see mixed-load.ts)
 */
import autocannon from 'autocannon';

const config = JSON.parse(process.argv[2]);
const { origin, cookies, accounts, articleId, platformIds, commentIds } = config;
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

const requests = [
	get('/'),
	get(`/news/${articleId}`),
	get('/api/platforms'),
	get('/platforms'),
	get('/api/news?search=retail'),
	get(`/platforms/${platformIds[0]}`),
	get(`/api/platforms/${platformIds[1]}/comments`),
	withUser(() => ({
		path: `/api/comments/${next(commentIds)}/vote`,
		body: { voteType: turn % 2 ? 'helpful' : 'unhelpful' },
	})),
	get(`/api/platforms/${platformIds[2]}/ratings`),
	withUser(() => ({
		path: `/api/platforms/${next(platformIds)}/ratings`,
		body: { rating: 1 + (turn % 5), review: turn % 3 ? undefined : 'Load test review' },
	})),
	get('/podcast'),
	{
		method: 'POST',
		path: '/api/login',
		setupRequest(request) {
			return { ...request, headers: json, body: JSON.stringify(next(accounts)) };
		},
	},
];

const result = await autocannon({
	url: origin,
	connections: config.connections,
	duration: config.duration,
	requests,
});
console.log(
	JSON.stringify({
		requestsPerSecond: result.requests.average,
		totalRequests: result.requests.total,
		latencyP50: result.latency.p50,
		latencyP99: result.latency.p99,
		latencyMax: result.latency.max,
		errors: result.errors,
		timeouts: result.timeouts,
		non2xx: result.non2xx,
		statusCodes: result.statusCodeStats,
	}),
);
