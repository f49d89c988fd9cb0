/**
 * Wires content and platform changes to page regeneration. Imported once by the middleware,
 * so the listeners exist in every server process.
 */
import { onContentChange } from '../content/events';
import { provideSiteGeneration } from '../host/bridge';
import { onPlatformChange } from '../platforms';
import { requestFullGeneration, requestPaths } from './generator';
import { pathsForContentChange, pathsForPlatformChange } from './paths';

let wired = false;

export function wireSiteRegeneration(): void {
	if (wired) return;
	wired = true;
	onContentChange((change) => requestPaths(pathsForContentChange(change)));
	onPlatformChange((change) => requestPaths(pathsForPlatformChange(change)));
	// The production host starts the first generation with a call once the app has loaded.
	provideSiteGeneration({ requestFullGeneration });
}

export { buildStatus, requestFullGeneration, whenIdle } from './generator';
