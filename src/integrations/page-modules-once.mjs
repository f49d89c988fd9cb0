/**
 * Loads each route's module once in the server build. Astro's build maps every route to a
 * loader, `() => import("./chunks/…")`, and calls it on every request it renders; an `import()`
 * of a module already loaded still goes through Node's module resolution, about a tenth of what
 * a small signed-in API answer costs. The loaders keep their promise instead, so the first
 * request loads the module and every later one reuses it.
 */

/** A route's loader as Astro's server entry spells it. */
const PAGE_LOADER = /^var (_page\d+) = \(\) => (import\(.+\));$/gm;

/** The same source with every route loader keeping its first promise. */
export function loadPageModulesOnce(code) {
	return code.replace(
		PAGE_LOADER,
		(_, name, load) => `var ${name} = ((loaded) => () => loaded ??= ${load})();`,
	);
}

export default function pageModulesOnce() {
	return {
		name: 'page-modules-once',
		hooks: {
			'astro:config:setup': ({ command, updateConfig }) => {
				if (command !== 'build') return;
				updateConfig({
					vite: {
						plugins: [
							{
								name: 'page-modules-once',
								apply: 'build',
								enforce: 'post',
								renderChunk(code) {
									if (this.environment?.config.consumer !== 'server') return null;
									const once = loadPageModulesOnce(code);
									return once === code ? null : { code: once, map: null };
								},
							},
						],
					},
				});
			},
		},
	};
}
