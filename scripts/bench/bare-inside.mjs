/**
 * The floor of the host's throughput, for the delivery bench. Loaded with `--import` into a
 * production host (dist/host/main.mjs), it answers BARE_INSIDE_PATH with the bare server's own
 * handler (scripts/bench/bare-server.mjs: the same bytes and headers from memory, one writeHead
 * and one end) before the host sees the request; every other request reaches the host as usual.
 *
 * The host has rendered the site by then, as every production host has, so this measures what
 * no code of the host can go below: Node's HTTP server in a process that runs Astro and React
 * (their AsyncLocalStorage turns on Node 20's async hooks, which then run for every request; the
 * process's other work leaves Node's own HTTP code with more object shapes to handle).
 *
 *   BARE_INSIDE_PATH     the path answered so ('/bare-inside')
 *   BARE_INSIDE_BODY     the body's file
 *   BARE_INSIDE_HEADERS  the headers' file ([name, value, name, value, …] as JSON)
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const path = process.env.BARE_INSIDE_PATH;
const body = readFileSync(process.env.BARE_INSIDE_BODY);
const headers = JSON.parse(readFileSync(process.env.BARE_INSIDE_HEADERS, 'utf8'));
const createServer = http.createServer;

http.createServer = function createServerWithBareInside(...args) {
	const at = args.findIndex((arg) => typeof arg === 'function');
	if (at !== -1) {
		const listener = args[at];
		args[at] = (req, res) => {
			if (req.url !== path) return listener(req, res);
			res.writeHead(200, headers);
			res.end(body);
		};
	}
	return createServer.apply(this, args);
};
// `import { createServer } from 'node:http'` in the host reads the patched function.
syncBuiltinESMExports();
