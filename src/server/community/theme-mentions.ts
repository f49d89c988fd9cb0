/**
 * Which review mentions (review_themes) belong to one of a platform's theme generations: those
 * from their own generation up to, not including, the one that retired them. The ratings list's
 * theme filter reads the generation the platform points to; a recompute (themes.ts) compares its
 * findings with the current one and writes the next as the difference.
 */
import { and, gt, isNull, lte, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import { reviewThemes } from '@/server/db';

/** True for a mention held by `generation` (a number, or a subquery answering one). */
export function mentionedIn(generation: number | SQLWrapper): SQL {
	return and(
		lte(reviewThemes.generation, generation),
		or(isNull(reviewThemes.retiredGeneration), gt(reviewThemes.retiredGeneration, generation)),
	) as SQL;
}
