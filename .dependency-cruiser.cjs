/**
 * The house rules about imports, checked by tests/unit/house-rules.test.ts and drawn by
 * `npm run house` (docs/house.md). Imports run one way: pages -> components -> server subjects
 * -> infrastructure (the engine seam, config, log, metrics) -> db/ and src/lib.
 * - no import circles anywhere in src/, db/ or scripts/;
 * - src/server/db/ is the engine seam, infrastructure only: it imports no subject (a subject
 *   that differs per engine keeps both adapters itself and asks the seam for the engine);
 * - db/ (schema, migrations) imports nothing but src/lib; the demo seed, which writes through the
 *   engine seam, is tooling in scripts/seed/;
 * - src/lib/ imports nothing of the server, the components or the pages;
 * - src/server/ imports no component, page, layout or store;
 * - src/server/runtime/ is the ground floor (settings, log, metrics, request context, what the
 *   host shares): it imports no subject; the app's start and stop, which start the subjects,
 *   stand above them in src/server/app/;
 * - src/server/host/ (the production process) is imported by nobody else: what it shares with
 *   the app it hands over at start (src/server/runtime/shared-runtime.ts); the app's start and
 *   stop (app/app.ts) are called only by the host;
 * - components import no page; scripts import nothing from tests/ (what both use is in
 *   scripts/shared/).
 */

/** The server's infrastructure, which any module may use; everything else under src/server is a subject. */
const INFRASTRUCTURE =
	'^src/server/(db/|errors\\.ts$|trusted-proxies\\.ts$|runtime/(config|dotenv|log|metrics|request-context|remembered-urls)\\.m?[jt]s$)';

/** What src/server/runtime/ may import of the server: its own files, the domain errors, the proxies' parser. */
const GROUND_FLOOR = '^src/server/(runtime/|errors\\.ts$|trusted-proxies\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment:
				'An import circle: two modules that each need the other are one subject, or one of them is in the wrong place.',
			from: { path: '^(src|db|scripts)/' },
			to: { circular: true },
		},
		{
			name: 'engine-seam-imports-no-subject',
			severity: 'error',
			comment:
				'src/server/db/ is the engine seam: connection, transactions, SQL spellings, the tables of the running engine. ' +
				'It imports no subject; per-engine adapters of a subject live with the subject.',
			from: { path: '^src/server/db/' },
			to: { path: '^src/(server|pages|components|stores|layouts|middleware)', pathNot: INFRASTRUCTURE },
		},
		{
			name: 'db-folder-imports-only-lib',
			severity: 'error',
			comment:
				'db/ (schema, migrations) sits under the server: the engine seam builds on it, so it may use src/lib and nothing else of ours.',
			from: { path: '^db/' },
			to: { path: '^(src/(server|pages|components|stores|layouts|middleware|integrations)|scripts|tests)/' },
		},
		{
			name: 'runtime-imports-no-subject',
			severity: 'error',
			comment:
				'src/server/runtime/ is the ground floor every subject stands on (settings, log, metrics, request context): ' +
				"of the server it imports only itself, the domain errors and the proxies' parser. Whatever starts or wires subjects lives in src/server/app/.",
			from: { path: '^src/server/runtime/' },
			to: {
				path: '^src/(server|pages|components|stores|layouts|middleware|integrations)',
				pathNot: GROUND_FLOOR,
			},
		},
		{
			name: 'nothing-imports-the-host',
			severity: 'error',
			comment:
				'src/server/host/ is the production server wrapped around the app; the app never imports it. ' +
				'What the two share, the host hands to the app at start (src/server/runtime/shared-runtime.ts).',
			from: { path: '^(src|db|scripts)/', pathNot: '^src/server/host/' },
			to: { path: '^src/server/host/' },
		},
		{
			name: 'lib-imports-nothing-above',
			severity: 'error',
			comment:
				'src/lib/ is the bottom: plain code that runs anywhere. It imports no server module, component, page or store; ' +
				'a type it needs from above moves down into src/lib.',
			from: { path: '^src/lib/' },
			to: { path: '^src/(server|components|pages|layouts|stores|middleware|integrations)' },
		},
		{
			name: 'server-imports-no-ui',
			severity: 'error',
			comment:
				'The server serves the pages and components, never the other way: what a server module needs of a page ' +
				'(a path, a shape) moves down into src/lib or into the subject.',
			from: { path: '^src/server/' },
			to: { path: '^src/(components|pages|layouts|stores|middleware)' },
		},
		{
			name: 'components-import-no-page',
			severity: 'error',
			comment: 'Pages put components together; a component never reaches back into a page.',
			from: { path: '^src/components/' },
			to: { path: '^src/pages/' },
		},
		{
			name: 'only-the-host-starts-the-app',
			severity: 'error',
			comment:
				'app/app.ts starts and stops everything; only the host (and the Astro integration, by path) calls it.',
			from: { path: '^src/', pathNot: ['^src/server/host/', '^src/server/app/'] },
			to: { path: '^src/server/app/app\\.ts$' },
		},
		{
			name: 'content-search-is-contents',
			severity: 'error',
			comment:
				"content/search/ holds the engines' article and episode queries behind content's own services; " +
				'other subjects ask content, and the site search only its search words (content/search/index.ts).',
			from: { path: '^src/', pathNot: ['^src/server/content/'] },
			to: { path: '^src/server/content/search/', pathNot: '^src/server/content/search/(index|words)\\.ts$' },
		},
		{
			name: 'scripts-import-no-tests',
			severity: 'error',
			comment:
				'Scripts (the benchmarks) and tests share helpers through scripts/shared/, never through tests/.',
			from: { path: '^scripts/' },
			to: { path: '^tests/' },
		},
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '^(node_modules|dist|data)/' },
		tsConfig: { fileName: 'tsconfig.json' },
		tsPreCompilationDeps: true,
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types'],
			extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json', '.d.ts'],
		},
		skipAnalysisNotInRules: true,
	},
};
