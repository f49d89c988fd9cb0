/**
 * The cache rule every API route file's handlers declare (endpoint() in
 * src/server/http/endpoint.ts), read from the files themselves: each route file found on disk is
 * imported and each method it exports asked for its rule. A handler not made by endpoint() has
 * none, and the tests that read this fail for it.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CacheRule } from '@/server/http/cache-headers';
import { cacheRuleOf } from '@/server/http/endpoint';
import { apiRoutesFromFileSystem } from './security-roles';

export type DeclaredRule = { route: string; method: string; file: string; rule: CacheRule | undefined };

export async function cacheRulesFromFiles(): Promise<DeclaredRule[]> {
	const declared: DeclaredRule[] = [];
	for (const { route, file, methods } of apiRoutesFromFileSystem()) {
		const module = (await import(pathToFileURL(join(process.cwd(), file)).href)) as Record<string, unknown>;
		for (const method of methods) declared.push({ route, method, file, rule: cacheRuleOf(module[method]) });
	}
	return declared;
}

/** Looks up one route's rule, by the route and method as route-expectations.ts names them. */
export function ruleOf(rules: DeclaredRule[], route: string, method: string): CacheRule | undefined {
	return rules.find((entry) => entry.route === route && entry.method === method)?.rule;
}
