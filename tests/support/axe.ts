/**
 * The one axe-core configuration of the project's own accessibility runs (the validators suite
 * and any browser test that checks a screen with axe), so every run applies the same rules.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Rules axe ships switched off (experimental) that the site must pass as well:
 * label-content-name-mismatch is WCAG 2.5.3 Label in Name (a control's accessible name
 * contains its visible label, so speech users can say what they see).
 */
export const EXTRA_AXE_RULES = ['label-content-name-mismatch'] as const;

/**
 * axe's default rule set (its WCAG 2.0-2.2 A and AA rules and its best practices) plus
 * EXTRA_AXE_RULES. Violations only: collecting every passing node is most of axe's time on a
 * large page.
 */
export function axeBuilder(page: Page): AxeBuilder {
	return new AxeBuilder({ page }).options({
		resultTypes: ['violations'],
		rules: Object.fromEntries(EXTRA_AXE_RULES.map((id) => [id, { enabled: true }])),
	});
}

/** Fails with each violation's rule and the elements it found, when axe finds any on the page. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
	const { violations } = await axeBuilder(page).analyze();
	expect(
		violations.map(
			(violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
		),
		label,
	).toEqual([]);
}
