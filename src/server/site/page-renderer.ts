/**
 * Renders one public URL as an anonymous visitor gets it, through the production host's
 * in-process renderer (src/server/host/in-process-renderer.ts), which the host hands over when it
 * joins (app/app.ts). Outside the host (astro dev) there is none, and pages simply render on
 * demand.
 */
import type { PageRenderer, RenderedPage } from '@/server/runtime/shared-runtime';

export type { RenderedPage };

let renderer: PageRenderer | undefined;

export function adoptHostRenderer(render: PageRenderer | undefined): void {
	renderer = render;
}

export function canRender(): boolean {
	return renderer !== undefined;
}

export async function renderPath(path: string): Promise<RenderedPage> {
	if (!renderer) throw new Error('No page renderer: pages are generated only under the production host.');
	return renderer(path);
}
