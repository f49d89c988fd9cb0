/**
 * A webhook receiver for tests: records each POST (headers and raw body) by path, and answers
 * each with the next status the test queued for that path (200 once the queue is empty), or
 * with 'reset', resets the connection without an answer (a network error for the sender).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedHook = { path: string; headers: IncomingHttpHeaders; body: string };

export type Answer = number | 'reset';

export type WebhookReceiver = {
	/** The URL of a path on the receiver. */
	url(path: string): string;
	/** What arrived at a path, in order. */
	received(path: string): ReceivedHook[];
	/** The statuses the next POSTs to `path` get, in turn ('reset': no answer, the connection reset). */
	answerWith(path: string, ...statuses: Answer[]): void;
	close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
	const hooks: ReceivedHook[] = [];
	const answers = new Map<string, Answer[]>();
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const path = req.url ?? '/';
			hooks.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			const answer = answers.get(path)?.shift() ?? 200;
			if (answer === 'reset') req.socket.resetAndDestroy();
			else res.writeHead(answer).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: (path) => `http://127.0.0.1:${port}${path}`,
		received: (path) => hooks.filter((hook) => hook.path === path),
		answerWith: (path, ...statuses) => answers.set(path, statuses),
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
