/**
 * Registers the `client:interaction` directive (./interaction-directive.js) with Astro. Astro
 * inlines a directive's code in every page that uses it; the Content-Security-Policy allows that
 * script by its hash, computed from interaction-directive.prebuilt.ts, which
 * `npm run build:directive` writes with Astro's own directive bundler and
 * tests/unit/interaction-directive.test.ts checks is current.
 */
import { fileURLToPath } from 'node:url';

export const DIRECTIVE_NAME = 'interaction';
export const DIRECTIVE_ENTRYPOINT = fileURLToPath(new URL('./interaction-directive.js', import.meta.url));

export default function hydrateOnInteraction() {
	return {
		name: 'hydrate-on-interaction',
		hooks: {
			'astro:config:setup': ({ addClientDirective }) => {
				addClientDirective({ name: DIRECTIVE_NAME, entrypoint: DIRECTIVE_ENTRYPOINT });
			},
		},
	};
}
