/**
 * Renders one public URL through the running server itself, as an anonymous visitor, asking
 * past the generated files with the per-process secret (scripts/server.mjs sets both).
 */
export type RenderedPage = { status: number; contentType: string; body: Buffer };

export function canRender(): boolean {
	return !!process.env.SITE_INTERNAL_ORIGIN && !!process.env.SITE_RENDER_SECRET;
}

export async function renderPath(path: string): Promise<RenderedPage> {
	const response = await fetch(`${process.env.SITE_INTERNAL_ORIGIN}${path}`, {
		headers: { 'x-site-render': process.env.SITE_RENDER_SECRET!, 'accept-encoding': 'identity' },
		redirect: 'manual',
	});
	return {
		status: response.status,
		contentType: response.headers.get('content-type') ?? 'text/html',
		body: Buffer.from(await response.arrayBuffer()),
	};
}

/** True when the request is the generator's own render request. */
export function isRenderRequest(request: Request): boolean {
	const secret = process.env.SITE_RENDER_SECRET;
	return !!secret && request.headers.get('x-site-render') === secret;
}
