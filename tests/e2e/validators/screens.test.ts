/**
 * axe on what the page list does not reach: every tab of the editor dashboard, and the header's
 * menus and the phone side panel open; and the W3C checker over the dashboard's tabs
 * (tests/support/validators.ts).
 */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_TABS } from '@/components/dashboard/dashboard-tabs';
import {
	dashboardTabViolations,
	htmlCheckerErrors,
	openHeaderViolations,
	validationPerFile,
} from '../../support/validators';

const validation = validationPerFile();

describe('axe-core, WCAG 2.2 AA', () => {
	it('finds no violation on any tab of the editor dashboard', { timeout: 900_000 }, async () => {
		expect(await dashboardTabViolations(validation, DASHBOARD_TABS)).toEqual([]);
	});

	it('finds no violation with the header menus or the side panel open', { timeout: 900_000 }, async () => {
		expect(await openHeaderViolations(validation, ['/', '/auth'])).toEqual([]);
	});
});

describe('W3C Nu HTML Checker', () => {
	it("finds no error in the dashboard's tabs (hydrated DOM)", { timeout: 300_000 }, async () => {
		expect(await htmlCheckerErrors(validation)).toEqual([]);
	});
});
