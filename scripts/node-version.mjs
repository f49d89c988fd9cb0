/**
 * Stops a start on a Node older than package.json's `engines.node`, with one line saying what to
 * do. npm scripts find the registry's Node 24 (the `node` dependency, node_modules/.bin/node)
 * before the machine's own, so only a start by hand (`node scripts/start.mjs`,
 * `node dist/host/serve.mjs`) can meet an older one, where better-sqlite3 13 would end the process
 * with a segmentation fault. Imported first, before any module that loads a native addon.
 */
import manifest from '../package.json' with { type: 'json' };

/** The oldest Node the project runs on, from `engines.node` (written as `>=major.minor.patch`). */
export const OLDEST_NODE = /^>=(\d+\.\d+\.\d+)$/.exec(manifest.engines.node)?.[1] ?? '';

/** The line to stop with on Node `version` (such as '20.20.2'), or undefined when it will do. */
export function unsupportedNodeMessage(version) {
	const have = version.split('.').map(Number);
	const need = OLDEST_NODE.split('.').map(Number);
	const difference = have.map((part, index) => part - need[index]).find((part) => part !== 0) ?? 0;
	if (difference >= 0) return undefined;
	return (
		`Retail Media Hub runs on Node ${OLDEST_NODE} or newer, and this is Node ${version}: ` +
		'start it through npm (npm start, npm run serve), which uses the Node 24 that npm install put in node_modules/.bin.'
	);
}

const message = unsupportedNodeMessage(process.versions.node);
if (message) {
	console.error(message);
	process.exit(1);
}
