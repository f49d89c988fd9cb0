/**
 * What the host keeps ready-made and a content change makes stale: shared API answers and
 * generated pages. The site's regeneration emits these signals; the app connects them to the
 * host when the host joins (app/app.ts), so the site never imports the host.
 */
import type { StaleApiAnswers, StoredPage } from '@/server/runtime/shared-runtime';
import { signal } from './signal';

/** Public API answers a committed change made stale. */
export const staleApiAnswers = signal<StaleApiAnswers>('stale API answers');

/** A generated page stored or removed (after the rename, synchronously). */
export const storedPages = signal<StoredPage>('stored pages');

/** Emits staleApiAnswers, unless there is nothing to drop. */
export function apiAnswersStale(pathnames: StaleApiAnswers): void {
	if (pathnames !== 'all' && pathnames.length === 0) return;
	staleApiAnswers.emit(pathnames);
}
