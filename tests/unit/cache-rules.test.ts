/**
 * Every API route declares in its own file whether its answer depends on who asks ('public' or
 * 'personal', src/server/http/cache-headers.ts); a handler that declares neither fails here. The
 * answers themselves are checked against these rules per role by the authorization matrix
 * (tests/security/authorization-matrix/) and over HTTP by tests/api/api-cache.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { cacheRulesFromFiles } from '../support/cache-rules';

const rules = await cacheRulesFromFiles();

/** Answers about the caller or for editors: never shared. */
const PERSONAL_ROUTES = [
	/^\/api\/user$/,
	/^\/api\/profile\//,
	/^\/api\/admin\//,
	/\/my-votes$/,
	/\/vote$/,
	/^\/api\/(news|education)\/all$/,
	/^\/api\/newsletter\//,
	/^\/api\/auth\//,
];

describe('cache rules', () => {
	it('finds the route files and their handlers', () => {
		expect(rules.length).toBeGreaterThan(50);
	});

	it.each(rules.map((entry) => [`${entry.method} ${entry.route}`, entry] as const))(
		'%s declares one',
		(_name, entry) => {
			expect(
				entry.rule,
				`${entry.file}: wrap ${entry.method} in endpoint('public' | 'personal', ...)`,
			).toMatch(/^(public|personal)$/);
		},
	);

	it('declares every write personal: its answer is about what the caller did', () => {
		const writes = rules.filter((entry) => entry.method !== 'GET' && entry.route !== '/api/{...path}');
		expect(writes.filter((entry) => entry.rule !== 'personal').map((e) => `${e.method} ${e.route}`)).toEqual(
			[],
		);
	});

	it('declares every read about the caller, or for editors, personal', () => {
		const reads = rules.filter(
			(entry) => entry.method === 'GET' && PERSONAL_ROUTES.some((pattern) => pattern.test(entry.route)),
		);
		expect(reads.length).toBeGreaterThan(10);
		expect(reads.filter((entry) => entry.rule !== 'personal').map((e) => e.route)).toEqual([]);
	});
});
