/**
 * The address and search-appearance fields of the editors' forms (platforms, articles,
 * episodes, newsletter issues, static pages): one rule each, shared by the dashboard and the
 * endpoints. The slug's rules themselves live in src/lib/slugs.ts.
 */
import { z } from 'zod';
import type { SlugKind } from '@/lib/column-values';
import { META_DESCRIPTION_MAX_LENGTH, META_TITLE_MAX_LENGTH } from '@/lib/search-appearance';
import { slugProblem } from '@/lib/slugs';

/** Missing, null or blank: not given. */
const blankToUndefined = (value: unknown) =>
	value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * An item's slug. Not given (or blank): a new item's is made from its title, a saved item keeps
 * its own. Otherwise it must follow the slug rules (a 400 with the rule's sentence); whether
 * another item holds it is the service's check (409).
 */
export function slugField(kind: SlugKind) {
	return z.preprocess(
		blankToUndefined,
		z
			.string({ error: 'An address (slug) must be text.' })
			.trim()
			.superRefine((value, ctx) => {
				const problem = slugProblem(value, kind);
				if (problem) ctx.addIssue({ code: 'custom', message: problem });
			})
			.optional(),
	);
}

/** Optional text with a limit; missing, null or blank is none (null). */
function optionalMetaText(label: string, max: number) {
	return z.preprocess(
		(value) => blankToUndefined(value) ?? null,
		z
			.string({ error: `${label} must be text.` })
			.trim()
			.max(max, `${label} must be at most ${max} characters.`)
			.nullable(),
	);
}

/** The editor's search title and description; none means the page's own apply. */
export const searchAppearanceFields = {
	metaTitle: optionalMetaText('Search headline', META_TITLE_MAX_LENGTH),
	metaDescription: optionalMetaText('Search snippet', META_DESCRIPTION_MAX_LENGTH),
};
