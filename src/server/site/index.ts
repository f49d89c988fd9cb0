/**
 * Wires content and platform changes to what they make stale: the generated pages to
 * regenerate, and the shared API answers the host's cache drops (one invalidation scheme for
 * both). Imported once by the middleware, so the listeners exist in every server process.
 */
import { contentBus, onContentChange } from '@/server/content/events';
import { announceApiChange, provideSiteGeneration } from '@/server/host/bridge';
import { requestFullGeneration, requestPaths } from './generator';
import { apiPathsForContentChange, pathsForContentChange } from './paths';

let wired = false;

export function wireSiteRegeneration(): void {
	if (wired) return;
	wired = true;
	// Platform changes travel on the same bus (type 'platform'), so other nodes hear them too.
	onContentChange((change) => {
		announceApiChange(apiPathsForContentChange(change));
		requestPaths(pathsForContentChange(change));
	});
	// Changes announced by other nodes while this one was not listening are lost: everything
	// may be stale.
	contentBus.onResync(() => {
		announceApiChange('all');
		requestFullGeneration();
	});
	// The production host starts the first generation with a call once the app has loaded.
	provideSiteGeneration({ requestFullGeneration });
}

export { buildStatus, requestFullGeneration, whenIdle } from './generator';
