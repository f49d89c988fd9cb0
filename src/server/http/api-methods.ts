/**
 * Which methods each API route answers, read from the route modules' own exports (GET, POST,
 * ...), so a request with another method gets a 405 with `Allow` instead of Astro's 404 page.
 * HEAD goes wherever GET does (Astro answers it with the GET handler).
 */
const modules = import.meta.glob<Record<string, unknown>>('../../pages/api/**/*.ts', { eager: true });

const HANDLERS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Route pattern as Astro names it (ctx.routePattern) -> the methods it answers. */
const allowedByRoute = new Map<string, string[]>();
for (const [file, module] of Object.entries(modules)) {
	if (typeof module.ALL === 'function') continue;
	// The glob's keys are relative to this file: `../../pages/api/...`.
	const pattern = file
		.replace(/^(\.\.\/)+pages/, '')
		.replace(/\.ts$/, '')
		.replace(/\/index$/, '');
	const allowed: string[] = HANDLERS.filter((method) => typeof module[method] === 'function');
	if (allowed.includes('GET')) allowed.splice(1, 0, 'HEAD');
	allowedByRoute.set(pattern, allowed);
}

/** The methods of an API route, or undefined when the route is not one of ours. */
export function allowedMethods(routePattern: string): readonly string[] | undefined {
	return allowedByRoute.get(routePattern);
}
