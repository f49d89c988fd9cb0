/**
 * Wires content and platform changes to page regeneration. Imported once by the middleware,
 * so the listeners exist in every server process.
 */
import { onContentChange } from '../content/events';
import { onPlatformChange } from '../platforms';
import { requestPaths } from './generator';
import { pathsForContentChange, pathsForPlatformChange } from './paths';

let wired = false;

export function wireSiteRegeneration(): void {
	if (wired) return;
	wired = true;
	onContentChange((change) => requestPaths(pathsForContentChange(change)));
	onPlatformChange((change) => requestPaths(pathsForPlatformChange(change)));
}

export { buildStatus, requestFullGeneration, whenIdle } from './generator';
export { isRenderRequest } from './renderer';
