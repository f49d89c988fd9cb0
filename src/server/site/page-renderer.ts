/**
 * Renders one public URL as an anonymous visitor gets it, through the production host's
 * in-process renderer (src/server/host/in-process-renderer.ts). Outside the host (astro dev) there is
 * none, and pages simply render on demand.
 */
import { pageRenderer, type RenderedPage } from '@/server/runtime/shared-runtime';

export type { RenderedPage };

export function canRender(): boolean {
	return pageRenderer() !== undefined;
}

export async function renderPath(path: string): Promise<RenderedPage> {
	const render = pageRenderer();
	if (!render) throw new Error('No page renderer: pages are generated only under the production host.');
	return render(path);
}
