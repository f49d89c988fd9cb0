/**
 * The house rules about imports (.dependency-cruiser.cjs, summed up at its top): no import
 * circle in src/, db/ or scripts/, imports one way from pages down to src/lib and db/, the host
 * imported by nobody else. No arrow between folders inside a loop, at the top level (the folders
 * of src/, db/, scripts/, .astro files' imports included) or between src/server's folders. And
 * the drawing of the house (docs/house.md, `npm run house`) shows the imports as they are.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cruiseJson } from '../../scripts/house-cruise';
import { arrowsInLoops, houseDrawing, houseGraph, topLevelGraph } from '../../scripts/house';

/** One line per broken rule: the rule, then the import (or the whole circle). */
function violations(): string[] {
	const result = cruiseJson(['src', 'db', 'scripts']);
	// `info` rules name imports allowed for now; the drawing lists them.
	return result.summary.violations
		.filter((violation) => violation.rule.severity !== 'info')
		.map((violation) => {
			const path = violation.cycle?.length
				? [violation.from, ...violation.cycle.map((step) => step.name)].join(' → ')
				: `${violation.from} → ${violation.to}`;
			return `${violation.rule.name}: ${path}`;
		});
}

describe('house rules', () => {
	it('no import breaks a rule', { timeout: 120_000 }, () => {
		expect(violations()).toEqual([]);
	});

	it('no arrow between top-level folders lies inside a loop', { timeout: 120_000 }, () => {
		expect(arrowsInLoops(topLevelGraph().edges)).toEqual([]);
	});

	it("no arrow between src/server's folders lies inside a loop", { timeout: 120_000 }, () => {
		expect(arrowsInLoops(houseGraph().edges)).toEqual([]);
	});

	it('the committed drawing of the house is current (npm run house)', { timeout: 120_000 }, () => {
		expect(readFileSync('docs/house.md', 'utf8')).toBe(houseDrawing());
	});
});
