/**
 * `.env.example` is where a newcomer copies the settings from: it must list every setting the
 * README documents, with a value the app accepts, and nothing the README does not explain.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const example = readFileSync('.env.example', 'utf8');

/** The variables of the README's settings tables: rows that start with a backticked NAME. */
const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]!);
const listed = new Map(
	[...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!] as const),
);

describe('.env.example', () => {
	it('lists every setting the README documents, and only those', () => {
		expect(documented.length).toBeGreaterThan(12);
		expect([...listed.keys()].sort()).toEqual([...new Set(documented)].sort());
	});

	it('holds values the config accepts (copying it as .env starts the app unchanged)', async () => {
		const saved = { ...process.env };
		try {
			for (const [name, value] of listed) process.env[name] = value;
			const { config } = await import('@/server/runtime/config');
			expect(() => config()).not.toThrow();
		} finally {
			process.env = saved;
		}
	});
});
