/**
 * Runs one autocannon measurement and prints its summary as JSON on stdout. The benchmark starts
 * it as a child process pinned to the other core than the server (taskset -c 1), so the load
 * generator does not compete with the server it measures.
 * Usage: node load-worker.mjs '{"url":"...","connections":32,"duration":10,"headers":{}}'
 * Optional: "method" and "body" (a POST such as the page-view beacon), and "varyClient": each
 * request from its own X-Forwarded-For address, as many readers behind a proxy would send.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);

let client = 0;
/** The next reader's address, 10.x.y.z. */
function nextAddress() {
	client = (client + 1) % 0xffffff;
	return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
}

function run(duration) {
	return autocannon({
		url: options.url,
		connections: options.connections ?? 32,
		duration,
		headers: options.headers ?? {},
		...(options.method ? { method: options.method } : {}),
		...(options.body !== undefined ? { body: options.body } : {}),
		...(options.varyClient
			? {
					requests: [
						{
							setupRequest: (request) => ({
								...request,
								headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
							}),
						},
					],
				}
			: {}),
	});
}

const result = await run(options.duration ?? 10);
console.log(
	JSON.stringify({
		requestsPerSecond: result.requests.average,
		totalRequests: result.requests.total,
		latencyP50: result.latency.p50,
		latencyP90: result.latency.p90,
		latencyP99: result.latency.p99,
		latencyMax: result.latency.max,
		errors: result.errors,
		timeouts: result.timeouts,
		non2xx: result.non2xx,
		throughputBytesPerSecond: result.throughput.average,
		durationSeconds: result.duration,
	}),
);
