/**
 * Node 24 runs the project: the registry's `node` package (a dependency, so node_modules/.bin/node)
 * comes first on the PATH of every npm script, whatever Node the machine has. `engines.node` says
 * so, every locked package accepts that Node (npm on Node 24 prints no EBADENGINE warning), and a
 * start by hand on an older Node stops with one line instead of crashing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { OLDEST_NODE, unsupportedNodeMessage } from '../../scripts/node-version.mjs';

type LockedPackage = {
	version?: string;
	engines?: { node?: string } | string[];
	os?: string[];
	cpu?: string[];
};

/** A platform package for another system (sharp's Windows build, say) is never installed here. */
const installsHere = (entry: LockedPackage) =>
	(!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
	engines: { node: string };
	dependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
	packages: Record<string, LockedPackage>;
};
const lockedNode = lock.packages['node_modules/node']!.version!;

describe('Node versions', () => {
	it('the project promises Node 24 LTS and installs it from the registry', () => {
		expect(semver.minVersion(manifest.engines.node)!.major).toBe(24);
		expect(manifest.dependencies.node).toBeDefined();
		expect(semver.major(lockedNode)).toBe(24);
		expect(semver.satisfies(lockedNode, manifest.engines.node)).toBe(true);
	});

	it('the tests run on a Node the project promises, as every npm script does', () => {
		expect(semver.satisfies(process.versions.node, manifest.engines.node)).toBe(true);
		const fromScripts = spawnSync('npm', ['exec', '--', 'node', '--version'], { encoding: 'utf8' });
		expect(fromScripts.stdout.trim()).toBe(process.version);
	});

	it('every locked package supports the Node the project installs', () => {
		const refusing = Object.entries(lock.packages)
			.filter(([path, entry]) => path !== '' && installsHere(entry))
			.flatMap(([path, entry]) => {
				const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
				if (!range || semver.satisfies(lockedNode, range)) return [];
				return [`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range}`];
			});
		expect(refusing).toEqual([]);
	});

	it('a start on an older Node stops with one line that says how to start it', () => {
		expect(OLDEST_NODE).toBe(semver.minVersion(manifest.engines.node)!.version);
		expect(unsupportedNodeMessage('20.20.2')).toBe(
			`Retail Media Hub runs on Node ${OLDEST_NODE} or newer, and this is Node 20.20.2: start it through npm ` +
				'(npm start, npm run serve), which uses the Node 24 that npm install put in node_modules/.bin.',
		);
		expect(unsupportedNodeMessage('24.10.9')).toContain('this is Node 24.10.9');
		expect(unsupportedNodeMessage(OLDEST_NODE)).toBeUndefined();
		expect(unsupportedNodeMessage('24.21.0')).toBeUndefined();
		expect(unsupportedNodeMessage('26.0.0')).toBeUndefined();
	});
});
