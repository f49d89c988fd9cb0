/** axe and the W3C checker over a quarter of the site's pages (tests/support/validators.ts). */
import { describe, expect, it } from 'vitest';
import { checksPageSlices, htmlCheckerErrors, validationPerFile } from '../../support/validators';

const validation = validationPerFile();

describe('axe-core, WCAG 2.2 AA', () => {
	checksPageSlices(validation, [4, 5]);
});

describe('W3C Nu HTML Checker', () => {
	it('finds no error in these pages (server HTML and hydrated DOM)', { timeout: 300_000 }, async () => {
		expect(await htmlCheckerErrors(validation)).toEqual([]);
	});
});
