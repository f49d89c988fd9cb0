/**
 * The yardstick of the throughput figures: a bare node:http server that answers every request
 * with the same bytes from memory (the article page the real server serves from disk), with the
 * same Content-Type and Content-Encoding. Usage: node bare-server.mjs <file> <content-type> [encoding]
 * Prints the port it listens on (127.0.0.1, a free port) as its first line.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, contentType, encoding] = process.argv.slice(2);
const body = readFileSync(file);
const headers = { 'Content-Type': contentType, 'Content-Length': body.length };
if (encoding) headers['Content-Encoding'] = encoding;

const server = createServer((req, res) => {
	res.writeHead(200, headers);
	res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
