/**
 * Wires content and platform changes to what they make stale: the generated pages to
 * regenerate, and the shared API answers the host's cache drops (one invalidation scheme for
 * both). Wired by startApp() (src/server/app/app.ts), so the listeners exist in every server process.
 */
import { changeBus } from '@/server/changes/content-changes';
import { apiAnswersStale } from '@/server/changes/served-copies';
import { comparisonPathsForPlatformChange } from './comparison-paths';
import { requestFullGeneration, requestPaths } from './generator';
import {
	apiPathsForContentChange,
	pathsForContentChange,
	queriedApiPathsForContentChange,
	queriedPathsForContentChange,
} from './paths';

let wired = false;

export function wireSiteRegeneration(): void {
	if (wired) return;
	wired = true;
	// Platform changes travel on the same bus (kind 'platform'), so other nodes hear them too.
	changeBus.changes.subscribe((change) => {
		// At once, before the writer's answer goes out, so the writer reads its own write.
		apiAnswersStale(apiPathsForContentChange(change));
		requestPaths(pathsForContentChange(change));
		// Then those that take a query to find (archive pages, every platform's similar list).
		queriedApiPathsForContentChange(change)
			.then(apiAnswersStale)
			.catch((error) => {
				console.error('[site] could not list the API answers a change made stale', error);
				apiAnswersStale('all');
			});
		queriedPathsForContentChange(change)
			.then(requestPaths)
			.catch((error) => {
				console.error('[site] could not list the pages a change made stale', error);
				requestFullGeneration();
			});
		if (change.kind === 'platform') {
			comparisonPathsForPlatformChange(change)
				.then(requestPaths)
				.catch((error) => {
					console.error('[site] could not list the comparison pages a change made stale', error);
					requestFullGeneration();
				});
		}
	});
	// Changes announced by other nodes while this one was not listening are lost: everything
	// may be stale.
	changeBus.missed.subscribe(() => {
		apiAnswersStale('all');
		requestFullGeneration();
	});
}

export {
	generationStatus,
	requestFullGeneration,
	resumeSiteGeneration,
	stopSiteGeneration,
	whenIdle,
} from './generator';
