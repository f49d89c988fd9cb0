/**
 * The host's request observer (src/server/host/request-observer.ts) on a real HTTP server in this
 * process: it leaves the response untouched until the handler answers, so an answer kept in
 * memory can give its ready-made header list whole to writeHead() (Node sets a list header by
 * header when anything was set before), and it counts answers in flight until they are done.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestObserver } from '@/server/host/request-observer';
import { NO_TRUSTED_PROXIES, parseTrustedProxies, type TrustedProxies } from '@/server/trusted-proxies';

const servers: Array<{ close(): void }> = [];
afterEach(() => {
	for (const server of servers.splice(0)) server.close();
});

function proxies(text: string): TrustedProxies {
	const parsed = parseTrustedProxies(text);
	if (!parsed.ok) throw new Error(`not addresses: ${parsed.invalid.join(', ')}`);
	return parsed.proxies;
}

async function observedServer(
	handle: (res: ServerResponse, id: string, fromTrustedProxy: boolean) => void,
	trustedProxies = NO_TRUSTED_PROXIES,
) {
	const requests = createRequestObserver({ trustedProxies, measure: false });
	const server = createServer((req, res) =>
		requests.observe(req, res, (request) => handle(res, request.id, request.fromTrustedProxy)),
	);
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { requests, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the request observer', () => {
	it('sets nothing on the response before the handler answers', async () => {
		let before: string[] = [];
		const { url } = await observedServer((res, id) => {
			before = res.getHeaderNames();
			res.writeHead(200, ['Content-Type', 'text/plain', 'X-Request-Id', id]);
			res.end('kept');
		});
		const answer = await fetch(url);
		expect(await answer.text()).toBe('kept');
		expect(before).toEqual([]);
		expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('records an answer written at once without a listener, never in flight', async () => {
		const requests = createRequestObserver({ trustedProxies: NO_TRUSTED_PROXIES, measure: false });
		const seen: Array<{ closeListeners: number; inFlight: number }> = [];
		const server = createServer((req, res) => {
			const before = res.listenerCount('close');
			requests.observe(req, res, () => res.writeHead(200, ['Content-Type', 'text/plain']).end('at once'));
			seen.push({
				closeListeners: res.listenerCount('close') - before,
				inFlight: requests.answersInFlight().size,
			});
		});
		servers.push(server);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
		expect(await answer.text()).toBe('at once');
		expect(seen).toEqual([{ closeListeners: 0, inFlight: 0 }]);
	});

	it('counts an answer in flight until it is done, and lists it', async () => {
		let finish!: () => void;
		const { requests, url } = await observedServer((res) => {
			finish = () => res.end('done');
		});
		const pending = fetch(url).then((answer) => answer.text());
		await expect.poll(() => requests.answersInFlight().size).toBe(1);
		expect([...requests.answersInFlight()]).toHaveLength(1);
		const drained = requests.drained();
		finish();
		expect(await pending).toBe('done');
		await drained;
		expect(requests.answersInFlight().size).toBe(0);
	});

	it('keeps a sane incoming X-Request-Id only when the connection comes from a listed proxy', async () => {
		const reply = (res: ServerResponse, id: string, fromTrustedProxy: boolean) =>
			res.writeHead(200, ['Content-Type', 'application/json']).end(JSON.stringify({ id, fromTrustedProxy }));
		const sent = { 'x-request-id': 'chosen-by-the-client-1' };
		// This test connects from 127.0.0.1; a list without it is a proxy elsewhere.
		for (const [list, trusted] of [
			['', false],
			['192.0.2.10, 10.0.0.0/8', false],
			['127.0.0.1', true],
			['::1, 127.0.0.0/8', true],
		] as const) {
			const { url } = await observedServer(reply, proxies(list));
			const answer = await (await fetch(url, { headers: sent })).json();
			expect(answer, list).toEqual({
				id: trusted ? 'chosen-by-the-client-1' : expect.stringMatching(/^[0-9a-f-]{36}$/),
				fromTrustedProxy: trusted,
			});
		}
	});
});
