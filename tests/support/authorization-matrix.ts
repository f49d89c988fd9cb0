/**
 * Authorization matrix (hardening item 1). Every route file under src/pages/api and every
 * method it exports must have an entry in route-expectations.ts; each entry is called as each
 * role with a valid request and must answer the expected status. The same calls are repeated
 * on spellings of the path the router may or may not accept (percent-encoded letters, doubled
 * and encoded slashes): those answer exactly what the plain path answers, or 404; never a 2xx
 * where the plain path refused. Refused calls change no data, and nothing B does changes A's.
 * Every answer follows the cache rule its route file declares (tests/support/cache-rules.ts):
 * a personal route's is `private, no-store` for every role and status, so no cache can keep
 * it; a public route's successful read is shareable for every role, the same for everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './server';
import { arrangeFixture } from './authorization-fixture';
import { EXPECTATIONS, type Expectation, type Fixture } from './route-expectations';
import { cacheRulesFromFiles, ruleOf, type DeclaredRule } from './cache-rules';
import { PERSONAL_CACHE_CONTROL } from '@/server/http/cache-headers';
import {
	ROLES,
	apiRoutesFromFileSystem,
	describeChanges,
	diff,
	freshPersona,
	mintSession,
	ownedState,
	snapshotWatcher,
	startSecurityServer,
	type Snapshot,
	type Persona,
	type Role,
} from './security-roles';

let server: TestServer;
let fx: Fixture;
let current: () => Promise<Snapshot>;
let rules: DeclaredRule[];

const key = (route: string, method: string) => `${method} ${route}`;

/** Spellings of one path that must not reach further than the path itself. */
function pathVariants(full: string): Array<{ name: string; path: string }> {
	// Only the path is respelled; a query string (an unsubscribe token) stays as it is.
	const queryAt = full.indexOf('?');
	const path = queryAt < 0 ? full : full.slice(0, queryAt);
	const query = queryAt < 0 ? '' : full.slice(queryAt);
	const rest = path.slice('/api/'.length);
	const letter = rest.search(/[a-z]/i);
	const encoded =
		letter < 0
			? rest
			: `${rest.slice(0, letter)}%${rest.charCodeAt(letter).toString(16).toUpperCase()}${rest.slice(letter + 1)}`;
	return [
		{ name: 'percent-encoded letter', path: `/api/${encoded}` },
		{ name: 'percent-encoded "api"', path: `/%61pi/${rest}` },
		{ name: 'doubled leading slash', path: `/${path}` },
		{ name: 'doubled inner slash', path: `/api//${rest}` },
		{ name: 'encoded slash', path: `/api%2F${rest}` },
		{ name: 'every slash encoded', path: `/${path.slice(1).replaceAll('/', '%2f')}` },
		{ name: 'trailing slash', path: `${path}/` },
	].map((variant) => ({ ...variant, path: variant.path + query }));
}

const VARIANT_COUNT = pathVariants('/api/x').length;

/** The persona for one call: fresh ones for `fresh` entries, and a live session for `banned`. */
async function personaFor(entry: Expectation, role: Role): Promise<Persona> {
	if (entry.fresh) return freshPersona(server, role);
	const persona = fx.personas[role];
	// The middleware deletes a banned user's session on sight: give it a new one each time, so
	// every call really carries a banned user's session.
	if (role === 'banned') await mintSession(server, persona.client, persona.id);
	return persona;
}

type Outcome = { status: number; body: any; headers: Headers };

/**
 * Sends one call as the role and checks what must hold whatever the status: a refusal changes
 * no data, and nothing B ("other") does changes what A owns.
 */
async function send(
	entry: Expectation,
	role: Role,
	pathOf: (path: string) => string,
): Promise<Outcome & { persona: Persona }> {
	const persona = await personaFor(entry, role);
	const call = await entry.call(fx, persona);
	const ownerId = fx.personas.user.id;
	const ownedBefore = await ownedState(server, ownerId);
	const before = await current();
	const path = pathOf(call.path);
	const answer = await persona.client.request(entry.method, path, call.body);
	const label = `${entry.method} ${path} as ${role}`;
	if (answer.status >= 400) {
		const changes = diff(before, await current());
		expect(changes, `${label} answered ${answer.status} but changed:\n${describeChanges(changes)}`).toEqual(
			[],
		);
	}
	if (role === 'other') {
		expect(await ownedState(server, ownerId), `${label} changed A's data`).toBe(ownedBefore);
	}
	return { status: answer.status, body: answer.body, headers: answer.headers, persona };
}

/**
 * Registers one part of the matrix (the files in tests/security/authorization-matrix/ are its
 * parts, so the suite's two workers share it): its own seeded server and fixture, the entries
 * whose index in EXPECTATIONS modulo `parts` is `part` (each as every role and on every spelling,
 * as before) and the same share of the cross-site writes, plus the route-table and unexported-
 * method checks in the first part.
 */
export function authorizationMatrixPart(part: number, parts: number): void {
	beforeAll(async () => {
		rules = await cacheRulesFromFiles();
		server = await startSecurityServer();
		fx = await arrangeFixture(server);
		current = snapshotWatcher(server);
	}, 120_000);

	afterAll(async () => {
		await server?.stop();
	});

	if (part === 0) {
		describe('route table', () => {
			const files = apiRoutesFromFileSystem();
			const fromFiles = new Set(files.flatMap((f) => f.methods.map((m) => key(f.route, m))));
			const fromTable = EXPECTATIONS.map((e) => key(e.route, e.method));

			it('finds the API route files and their methods', () => {
				expect(files.length).toBeGreaterThan(20);
				expect(fromFiles.has('GET /api/news/{id}')).toBe(true);
				expect(fromFiles.has('GET /api/news')).toBe(true);
				expect(fromFiles.has('PUT /api/admin/users/{id}/ban')).toBe(true);
				for (const file of files)
					expect(file.methods.length, `${file.file} exports no handler`).toBeGreaterThan(0);
			});

			it('has an expectation for every route and method in the file system', () => {
				const missing = [...fromFiles].filter((k) => !fromTable.includes(k));
				expect(missing, 'add these to tests/support/route-expectations.ts').toEqual([]);
			});

			it('has no expectation without a route file, and none twice', () => {
				expect(fromTable.filter((k) => !fromFiles.has(k))).toEqual([]);
				expect(fromTable.filter((k, i) => fromTable.indexOf(k) !== i)).toEqual([]);
			});
		});
	}

	describe.each(
		EXPECTATIONS.map((entry) => [key(entry.route, entry.method), entry] as const).filter(
			(_entry, index) => index % parts === part,
		),
	)('%s', (_name, entry) => {
		it.each(ROLES)('as %s', async (role) => {
			const plain = await send(entry, role, (path) => path);
			const label = `${entry.method} ${entry.route} as ${role}`;
			expect(plain.status, `${label}: ${JSON.stringify(plain.body)}`).toBe(entry.expect[role]);
			const rule = ruleOf(rules, entry.route, entry.method);
			const cacheControl = plain.headers.get('cache-control') ?? '';
			if (rule === 'personal') expect(cacheControl, label).toBe(PERSONAL_CACHE_CONTROL);
			else if (entry.method === 'GET' && plain.status === 200)
				expect(cacheControl, label).toMatch(/^public, /);
			expect(plain.headers.get('vary') ?? '', `${label}: a shared answer never varies by cookie`).not.toMatch(
				/cookie/i,
			);
			if (plain.status >= 400) {
				expect(typeof plain.body?.message, `${label}: a refusal says why`).toBe('string');
			} else if (entry.check) {
				await entry.check(
					{ status: plain.status, body: plain.body, headers: plain.headers },
					fx,
					plain.persona,
				);
			}

			// Each spelling gets a call of its own (fresh targets), built like the plain one.
			for (let i = 0; i < VARIANT_COUNT; i++) {
				let variant = { name: '', path: '' };
				// biome-ignore lint/suspicious/noAssignInExpressions: keeps the spelling used, for the failure message
				const answer = await send(entry, role, (path) => (variant = pathVariants(path)[i]!).path);
				expect(
					[plain.status, 404],
					`${entry.method} ${variant.path} (${variant.name}) as ${role} answered ${answer.status}; the plain path ${plain.status}`,
				).toContain(answer.status);
			}
		});
	});

	if (part === 0) {
		describe('methods a route does not export', () => {
			const files = apiRoutesFromFileSystem();

			it.each(files.map((file) => [file.route, file] as const))(
				'%s refuses them without running anything',
				async (_route, file) => {
					// Any entry of the route gives a concrete path to call.
					const entry = EXPECTATIONS.find((e) => e.route === file.route);
					expect(entry, `no expectation for ${file.route}`).toBeDefined();
					const { path } = await entry!.call(fx, fx.personas.editor);
					for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
						(m) => !file.methods.includes(m),
					)) {
						const before = await current();
						const answer = await fx.personas.editor.client.request(
							method,
							path,
							method === 'GET' ? undefined : { anything: true },
						);
						expect([404, 405], `${method} ${path} answered ${answer.status}`).toContain(answer.status);
						expect(diff(before, await current())).toEqual([]);
					}
				},
			);
		});
	}

	describe('cross-site writes', () => {
		const writes = EXPECTATIONS.filter((entry) => entry.method !== 'GET').filter(
			(_entry, index) => index % parts === part,
		);

		it.each(writes.map((entry) => [key(entry.route, entry.method), entry] as const))(
			'%s is refused from another site on every spelling of its path',
			async (_name, entry) => {
				const persona = entry.fresh ? await freshPersona(server, 'editor') : fx.personas.editor;
				const call = await entry.call(fx, persona);
				const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
				for (const { name, path } of [{ name: 'plain', path: call.path }, ...pathVariants(call.path)]) {
					const before = await current();
					const answer = await persona.client.request(entry.method, path, call.body, crossSite);
					const changes = diff(before, await current());
					expect([403, 404], `${entry.method} ${path} (${name}) answered ${answer.status}`).toContain(
						answer.status,
					);
					if (name === 'plain') expect(answer.status).toBe(403);
					expect(changes, `${path} (${name}) changed data:\n${describeChanges(changes)}`).toEqual([]);
				}
			},
		);
	});
}
