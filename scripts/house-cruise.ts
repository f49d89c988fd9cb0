/** Runs dependency-cruiser under the house rules (.dependency-cruiser.cjs) and returns its JSON answer. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export type CruiseResult = {
	modules: {
		source: string;
		dependencies: { resolved: string; rules: { name: string; severity: string }[] }[];
	}[];
	summary: {
		violations: {
			type: string;
			from: string;
			to: string;
			cycle?: { name: string }[];
			rule: { name: string; severity: string };
		}[];
	};
};

export function cruiseJson(args: string[]): CruiseResult {
	const bin = join('node_modules', '.bin', 'depcruise');
	const output = execFileSync(
		bin,
		[...args, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
		{
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
		},
	);
	return JSON.parse(output) as CruiseResult;
}
