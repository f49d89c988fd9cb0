/**
 * Alternatives (/platforms/{slug}/alternatives, and a platform page's comparisons): the other
 * platforms a buyer would consider instead, ordered by relevance (README "Alternatives
 * relevance"):
 *
 *   relevance = 3 × same category + feature overlap + reader overlap
 *
 * - same category: 1 or 0; its weight is above the other two terms' sum, so every platform of
 *   the same category comes before any other;
 * - feature overlap: the features shared (similarity.ts's sharedFeatures) ÷ this platform's
 *   features, 0 to 1;
 * - reader overlap: readers who reviewed both ÷ the most readers any candidate shares with this
 *   platform, 0 to 1 (how often readers weigh the two, counted without tracking anyone).
 *
 * Ties go to more reviews, then the name. A platform of another category that shares no
 * feature and no reader is not an alternative.
 */
import { alternativesPath } from '@/lib/public-paths';
import { findBySlug } from '@/server/addresses/slugs';
import { readersWhoReviewedBoth } from '@/server/community/reviews';
import {
	findPlatform,
	listAllPlatforms,
	listPlatformSlugs,
	type PlatformJson,
} from '@/server/platforms/directory';
import { sharedFeatures } from '@/server/platforms/similarity';

export const MAX_ALTERNATIVES = 12;
const SAME_CATEGORY_WEIGHT = 3;

export type Alternative = PlatformJson & {
	slug: string;
	sameCategory: boolean;
	sharedFeatures: string[];
	/** Readers who reviewed both platforms. */
	sharedReaders: number;
	relevance: number;
};

/** Ranks `candidates` as alternatives to `platform` (see the module's comment). */
export function rankAlternatives(
	platform: PlatformJson,
	candidates: readonly (PlatformJson & { slug: string })[],
	sharedReaders: ReadonlyMap<number, number>,
): Alternative[] {
	const mostReaders = Math.max(0, ...sharedReaders.values());
	return candidates
		.filter((candidate) => candidate.id !== platform.id)
		.map((candidate) => {
			const shared = sharedFeatures(platform, candidate);
			const readers = sharedReaders.get(candidate.id) ?? 0;
			const sameCategory = candidate.category === platform.category;
			const relevance =
				SAME_CATEGORY_WEIGHT * Number(sameCategory) +
				shared.length / Math.max(1, platform.features.length) +
				(mostReaders > 0 ? readers / mostReaders : 0);
			return { ...candidate, sameCategory, sharedFeatures: shared, sharedReaders: readers, relevance };
		})
		.filter((alt) => alt.sameCategory || alt.sharedFeatures.length > 0 || alt.sharedReaders > 0)
		.sort(
			(a, b) => b.relevance - a.relevance || b.reviewCount - a.reviewCount || a.name.localeCompare(b.name),
		)
		.slice(0, MAX_ALTERNATIVES);
}

/** A platform's alternatives, most relevant first; [] for an unknown platform. */
export async function alternativesOf(platformId: number): Promise<Alternative[]> {
	const [platform, all, slugById, readers] = await Promise.all([
		findPlatform(platformId),
		listAllPlatforms(),
		listPlatformSlugs(),
		readersWhoReviewedBoth(platformId),
	]);
	if (!platform) return [];
	const withSlugs = all.flatMap((candidate) => {
		const slug = slugById.get(candidate.id);
		return slug === undefined ? [] : [{ ...candidate, slug }];
	});
	return rankAlternatives(platform, withSlugs, readers);
}

export type AlternativesLookup =
	| { kind: 'page'; platform: PlatformJson & { slug: string }; alternatives: Alternative[] }
	| { kind: 'moved'; location: string }
	| { kind: 'none' };

/** What /platforms/{slug}/alternatives shows; an earlier slug moves to the current one. */
export async function findAlternatives(slug: string): Promise<AlternativesLookup> {
	const match = await findBySlug('platform', slug);
	if (!match) return { kind: 'none' };
	const [platform, slugById] = await Promise.all([findPlatform(match.id), listPlatformSlugs()]);
	const current = slugById.get(match.id);
	if (!platform || current === undefined) return { kind: 'none' };
	if (!match.current) return { kind: 'moved', location: alternativesPath(current) };
	return {
		kind: 'page',
		platform: { ...platform, slug: current },
		alternatives: await alternativesOf(match.id),
	};
}

/** Every platform's alternatives page, for the generator and the sitemap. */
export async function alternativesPaths(): Promise<string[]> {
	return [...(await listPlatformSlugs()).values()].map(alternativesPath).sort();
}
