/**
 * The comparison (/compare/{a}-vs-{b}) and alternatives (/platforms/{slug}/alternatives) pages
 * a platform change makes stale. Generated: every same-category pair, and every platform's
 * alternatives page (each lists other platforms' ratings, and orders them by readers who reviewed
 * both, so a rating touches them all).
 */
import type { ContentChange } from '@/server/changes/content-changes';
import { alternativesPaths } from '@/server/comparisons/alternatives';
import { generatedComparisonPaths } from '@/server/comparisons/comparisons';
import { withShareImages } from '@/lib/share-images';
import { removeStoredPages } from './generator';

type PlatformContentChange = Extract<ContentChange, { kind: 'platform' }>;

/** Every generated comparison and alternatives page (as allGeneratedPaths lists them). */
async function comparisonPagePaths(): Promise<string[]> {
	const [pairs, alternatives] = await Promise.all([generatedComparisonPaths(), alternativesPaths()]);
	return [...withShareImages(pairs), ...alternatives];
}

const GENERATED_HERE = /^\/compare\/[^/]+$|^\/og\/compare\/[^/]+\.png$|^\/platforms\/[^/]+\/alternatives$/;

/**
 * The pages to render again after a platform change. A rename, a new category or a delete
 * leaves files no longer generated (an earlier slug's, a pair that split): they are removed
 * first, so their addresses answer on request (a 301, a fresh render or a 404).
 */
export async function comparisonPathsForPlatformChange({
	id,
	platformChange: kind,
}: PlatformContentChange): Promise<string[]> {
	// The vs pages show both platforms' themes.
	if (
		kind !== 'created' &&
		kind !== 'updated' &&
		kind !== 'deleted' &&
		kind !== 'rated' &&
		kind !== 'themed'
	) {
		return [];
	}
	if (kind === 'updated' || kind === 'deleted') {
		const current = new Set(await comparisonPagePaths());
		removeStoredPages((path) => GENERATED_HERE.test(path) && !current.has(path));
	}
	// Themes show on the vs pages only: not on their share images nor on any alternatives page,
	// so a recompute (one per platform, in bursts) renders no image and no alternatives page.
	if (kind === 'themed') return generatedComparisonPaths(id);
	const [pairs, alternatives] = await Promise.all([generatedComparisonPaths(id), alternativesPaths()]);
	return [...withShareImages(pairs), ...alternatives];
}
