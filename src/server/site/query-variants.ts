/**
 * Generated pages whose HTML depends on part of the query string (the archives' ?category= and
 * ?page=), and where each such variant is stored. The generator writes `/news?page=2` under a
 * path of its own, and the host looks a request up under the same path, so a generated
 * variant is served as a file, and a variant never generated (an out-of-range page, a page past
 * those generated) falls through to the on-demand route, which answers it or 404s. Query
 * parameters a page does not own (utm_source and the like) never pick a variant.
 *
 * No imports: the host and the generator both read this table.
 */

/**
 * Path -> the query parameters that choose its variant, in the order they are stored. The
 * home's filters, the directory's and the compare selection are rendered into the server HTML
 * too (a shared link reads right without JavaScript); their variants are never generated, so
 * they render on demand.
 */
export const VARIANT_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
	// A search (?q=) is never generated: it renders on demand.
	'/news': ['category', 'page', 'q'],
	'/education': ['category', 'page', 'q'],
	'/': [
		'newsSearch',
		'newsCategory',
		'newsSort',
		'newsOrder',
		'educationSearch',
		'educationCategory',
		'educationSort',
		'educationOrder',
	],
	'/platforms': ['search', 'category', 'sortBy', 'sortOrder', 'page'],
	'/platforms/map': ['category'],
	'/compare': ['platforms'],
	'/newsletter': ['page'],
};

/**
 * A platform's page: the sort and filters of its review list are rendered into the server HTML
 * as well (src/components/platforms/community/review-query.ts reads the same names).
 */
const PLATFORM_PAGE = /^\/platforms\/[a-z0-9-]+$/;
export const PLATFORM_PAGE_PARAMETERS = [
	'sort',
	'stars',
	'reviewerRole',
	'companySize',
	'industry',
	'source',
	'incentivized',
	'theme',
	'themeSide',
] as const;

/** A platform's rating badge: its dark variant (?theme=dark) is stored beside it as badge-dark.svg. */
const BADGE = /^\/platforms\/[a-z0-9-]+\/badge\.svg$/;

/** The query parameters that choose a path's variant, if it has variants. */
function variantParameters(pathname: string): readonly string[] | undefined {
	return (
		VARIANT_PARAMETERS[pathname] ?? (PLATFORM_PAGE.test(pathname) ? PLATFORM_PAGE_PARAMETERS : undefined)
	);
}

/**
 * The path a URL's generated file is stored under: the pathname itself, or for a page of
 * VARIANT_PARAMETERS with any of its parameters set, `<pathname>/@<the owned parameters, base64url>`.
 * base64url keeps any category text out of the file system's way (no slash, dot or percent).
 */
export function storedPagePath(url: string): string {
	const mark = url.indexOf('?');
	const pathname = mark === -1 ? url : url.slice(0, mark);
	if (BADGE.test(pathname)) {
		const dark = mark !== -1 && new URLSearchParams(url.slice(mark + 1)).get('theme') === 'dark';
		return dark ? pathname.replace(/\.svg$/, '-dark.svg') : pathname;
	}
	const owned = variantParameters(pathname);
	if (!owned || mark === -1) return pathname;
	const params = new URLSearchParams(url.slice(mark + 1));
	const kept = new URLSearchParams();
	for (const name of owned) {
		const value = params.get(name);
		if (value) kept.set(name, value);
	}
	const query = kept.toString();
	if (!query) return pathname;
	return `${pathname}/@${Buffer.from(query).toString('base64url')}`;
}
