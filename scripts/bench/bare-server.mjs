/**
 * The yardstick of the throughput figures: a bare node:http server that answers every request
 * with the same bytes from memory. Usage:
 *   node bare-server.mjs <file> <content-type> [encoding]    those two headers only
 *   node bare-server.mjs <file> --headers=<json file>        exactly the headers listed there
 *                                                             ([name, value, name, value, …])
 * Prints the port it listens on (127.0.0.1, a free port) as its first line.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, second, encoding] = process.argv.slice(2);
const body = readFileSync(file);
let headers;
if (second.startsWith('--headers=')) {
	headers = JSON.parse(readFileSync(second.slice('--headers='.length), 'utf8'));
} else {
	headers = { 'Content-Type': second, 'Content-Length': body.length };
	if (encoding) headers['Content-Encoding'] = encoding;
}

const server = createServer((_req, res) => {
	res.writeHead(200, headers);
	res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
