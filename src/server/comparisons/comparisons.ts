/**
 * Comparison pages (/compare/{a}-vs-{b}, up to four platforms): which platforms an address
 * names, where a non-canonical address moves, and which comparisons are generated as files.
 */
import { comparePath, parseComparePath } from '@/lib/public-paths';
import type { SubRatings } from '@/lib/review-profile';
import { findBySlug } from '@/server/addresses/slugs';
import { ratingBreakdown } from '@/server/community/reviews';
import {
	findPlatform,
	listAllPlatforms,
	listPlatformSlugs,
	type PlatformJson,
} from '@/server/platforms/directory';

export type ComparedPlatform = PlatformJson & {
	slug: string;
	subRatingAverages: SubRatings;
	subRatingCounts: SubRatings;
};

export type ComparisonLookup =
	| { kind: 'page'; platforms: ComparedPlatform[] }
	/** Another order, or an earlier slug: the canonical address to move to (301). */
	| { kind: 'moved'; location: string }
	/** An unknown or repeated platform, or fewer than two or more than four: 404. */
	| { kind: 'none' };

const NONE: ComparisonLookup = { kind: 'none' };

/** What /compare/{segment} shows, or where it moves. */
export async function findComparison(segment: string): Promise<ComparisonLookup> {
	const slugs = parseComparePath(segment);
	if (!slugs) return NONE;
	const matches = await Promise.all(slugs.map((slug) => findBySlug('platform', slug)));
	const ids = matches.map((match) => match?.id);
	if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) return NONE;
	const slugById = await listPlatformSlugs();
	const current = ids.map((id) => slugById.get(id!));
	if (current.some((slug) => slug === undefined)) return NONE; // deleted meanwhile
	const canonical = comparePath(current as string[]);
	if (`/compare/${segment}` !== canonical) return { kind: 'moved', location: canonical };
	const platforms = await Promise.all(
		ids.map(async (id, index) => {
			const [platform, breakdown] = await Promise.all([findPlatform(id!), ratingBreakdown(id!)]);
			return (
				platform && {
					...platform,
					slug: current[index]!,
					subRatingAverages: breakdown.subRatingAverages,
					subRatingCounts: breakdown.subRatingCounts,
				}
			);
		}),
	);
	if (platforms.some((platform) => platform === undefined)) return NONE;
	return { kind: 'page', platforms: platforms as ComparedPlatform[] };
}

/**
 * The comparisons generated as files (and listed in the sitemap): every pair of platforms in
 * the same category, at their canonical addresses. Other comparisons render on request. With
 * `of`, only the pairs that include that platform.
 */
export async function generatedComparisonPaths(of?: number): Promise<string[]> {
	const [all, slugById] = await Promise.all([listAllPlatforms(), listPlatformSlugs()]);
	const byCategory = new Map<string, { id: number; slug: string }[]>();
	for (const platform of all) {
		const slug = slugById.get(platform.id);
		if (slug === undefined) continue;
		const members = byCategory.get(platform.category) ?? [];
		members.push({ id: platform.id, slug });
		byCategory.set(platform.category, members);
	}
	const paths: string[] = [];
	for (const members of byCategory.values()) {
		for (let i = 0; i < members.length; i += 1) {
			for (let j = i + 1; j < members.length; j += 1) {
				const [a, b] = [members[i]!, members[j]!];
				if (of === undefined || a.id === of || b.id === of) paths.push(comparePath([a.slug, b.slug]));
			}
		}
	}
	return paths.sort();
}
