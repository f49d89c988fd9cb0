/**
 * "Similar platforms" for a platform page and GET /api/platforms/{id}/similar. The directory
 * holds hundreds of platforms at most, so the ranking reads the editors' list once
 * (listAllPlatforms) and ranks it here rather than in SQL, the same on both engines.
 */
import { getPlatform, listAllPlatforms, type PlatformJson } from '@/server/platforms/directory';

export const MAX_SIMILAR_PLATFORMS = 6;

export type SimilarPlatform = PlatformJson & {
	/** The features it shares with the platform asked about, in its own spelling. */
	sharedFeatures: string[];
};

/** Features compare ignoring case ("Self-serve" = "self-serve"). */
const featureKey = (feature: string) => feature.toLowerCase();

/** The features `candidate` shares with `platform`, in the candidate's spelling. */
export function sharedFeatures(
	platform: Pick<PlatformJson, 'features'>,
	candidate: Pick<PlatformJson, 'features'>,
): string[] {
	const own = new Set(platform.features.map(featureKey));
	return candidate.features.filter((feature) => own.has(featureKey(feature)));
}

/**
 * The related platforms, best first: same category before other categories, then more shared
 * features, then the editors' order (the order of `candidates`, which the sort keeps). A
 * platform in another category with no shared feature is not similar and is left out, so the
 * list may hold fewer than six. Never the platform itself.
 */
export function rankSimilar(platform: PlatformJson, candidates: PlatformJson[]): SimilarPlatform[] {
	return candidates
		.filter((candidate) => candidate.id !== platform.id)
		.map((candidate) => ({ ...candidate, sharedFeatures: sharedFeatures(platform, candidate) }))
		.map((candidate) => ({ candidate, sameCategory: candidate.category === platform.category }))
		.filter(({ candidate, sameCategory }) => sameCategory || candidate.sharedFeatures.length > 0)
		.sort(
			(a, b) =>
				Number(b.sameCategory) - Number(a.sameCategory) ||
				b.candidate.sharedFeatures.length - a.candidate.sharedFeatures.length,
		)
		.slice(0, MAX_SIMILAR_PLATFORMS)
		.map(({ candidate }) => candidate);
}

/** Up to six platforms like this one; NotFound for an unknown id. */
export async function similarPlatforms(id: number): Promise<SimilarPlatform[]> {
	const [platform, all] = await Promise.all([getPlatform(id), listAllPlatforms()]);
	return rankSimilar(platform, all);
}
