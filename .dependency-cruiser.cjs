/**
 * The house rules about imports, checked by tests/unit/house-rules.test.ts and drawn by
 * `npm run house` (docs/house.md):
 * - no import circles anywhere in src/, db/ or scripts/;
 * - src/server/db/ is the engine seam, infrastructure only: it imports no subject (a subject
 *   that differs per engine keeps both adapters itself and asks the seam for the engine);
 * - db/ (schema, migrations, seed) imports nothing of the server but the seam.
 */

/** The server's infrastructure, which any module may use; everything else under src/server is a subject. */
const INFRASTRUCTURE =
	'^src/server/(db/|db\\.ts$|config\\.ts$|errors\\.ts$|trusted-proxies\\.ts$|runtime/(log|metrics|request-context|remembered-urls)\\.ts$)';

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
			from: { path: '^src/server/db(/|\\.ts$)' },
			to: { path: '^src/(server|pages|components|stores|layouts|middleware)', pathNot: INFRASTRUCTURE },
		},
		{
			name: 'db-folder-imports-no-subject',
			severity: 'error',
			comment:
				'db/ (schema, migrations, seed) is infrastructure: it may use the engine seam and src/lib, never a subject.',
			from: { path: '^db/' },
			to: { path: '^src/(server|pages|components|stores|layouts|middleware)', pathNot: INFRASTRUCTURE },
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
