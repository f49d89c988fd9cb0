/**
 * The house rules about imports (.dependency-cruiser.cjs): no import circle in src/, db/ or
 * scripts/; the engine seam src/server/db/ and the top-level db/ import no subject. And the
 * drawing of the house (docs/house.md, `npm run house`) shows the imports as they are.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cruiseJson } from '../../scripts/house-cruise';
import { houseDrawing } from '../../scripts/house';

/** One line per broken rule: the rule, then the import (or the whole circle). */
function violations(): string[] {
	const result = cruiseJson(['src', 'db', 'scripts']);
	return result.summary.violations.map((violation) => {
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

	it('the committed drawing of the house is current (npm run house)', { timeout: 120_000 }, () => {
		expect(readFileSync('docs/house.md', 'utf8')).toBe(houseDrawing());
	});
});
