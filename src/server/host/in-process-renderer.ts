/**
 * Renders a public URL in-process as an anonymous visitor would get it on demand: a request
 * injected (light-my-request) straight into Astro's handler, past the host's generated pages,
 * API cache and compression, so the generator always gets a fresh, plain render. Nothing goes
 * over the network and there is no second way in to guard.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';
import type { PageRenderer } from '@/server/runtime/shared-runtime';

export type AstroHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function createRenderer(handler: AstroHandler, origin: URL): PageRenderer {
	return async (path) => {
		const answer = await inject(handler as never, {
			method: 'GET',
			url: path,
			// The public origin, so whatever the page derives from its own URL is what readers see.
			headers: { host: origin.host, 'accept-encoding': 'identity' },
		});
		return {
			status: answer.statusCode,
			contentType: String(answer.headers['content-type'] ?? 'text/html'),
			body: answer.rawPayload,
		};
	};
}
