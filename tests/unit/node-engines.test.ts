/**
 * The README promises Node 20.19: every package the lock file installs must accept it, so
 * `npm install` on Node 20 prints no EBADENGINE warning.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type LockedPackage = { version?: string; engines?: { node?: string } | string[] };

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
	packages: Record<string, LockedPackage>;
};

describe('Node versions', () => {
	it('every locked package supports the oldest Node the project promises', () => {
		const oldest = semver.minVersion(manifest.engines.node)!.version;
		expect(oldest).toBe('20.19.0');
		const refusing = Object.entries(lock.packages)
			.filter(([path]) => path !== '')
			.flatMap(([path, entry]) => {
				const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
				if (!range || semver.satisfies(oldest, range)) return [];
				return [`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range}`];
			});
		expect(refusing).toEqual([]);
	});
});
