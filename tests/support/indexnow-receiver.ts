/**
 * A stand-in for an IndexNow endpoint (INDEXNOW_ENDPOINT): it records each POST's JSON body,
 * and answers with the status the test sets (200 by default).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type IndexNowPing = { host: string; key: string; keyLocation: string; urlList: string[] };

export type IndexNowReceiver = {
	/** The endpoint's URL, for INDEXNOW_ENDPOINT. */
	url: string;
	pings: IndexNowPing[];
	/** The status the next POSTs get. */
	answerWith(status: number): void;
	close(): Promise<void>;
};

export async function startIndexNowReceiver(): Promise<IndexNowReceiver> {
	const pings: IndexNowPing[] = [];
	let status = 200;
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			if (req.method === 'POST' && req.headers['content-type']?.startsWith('application/json')) {
				pings.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as IndexNowPing);
			}
			res.writeHead(status).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/indexnow`,
		pings,
		answerWith: (next) => {
			status = next;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
