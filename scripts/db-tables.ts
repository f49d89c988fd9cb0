/**
 * `npm run db:tables`: writes the lists that name every shared table, from the names
 * `defineTables` (db/schema/shared-tables.ts) returns, so a table's name is written by hand only
 * where it is defined: the exports of db/schema/sqlite.ts and db/schema/postgres.ts (drizzle-kit
 * and drizzle read a module's exports by name) and the bindings of src/server/db/tables.ts (the
 * services' imports). tests/unit/schema-parity.test.ts checks that the committed files are current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { is, Table } from 'drizzle-orm';
import { sqliteKit } from '../db/schema/kit';
import { defineTables } from '../db/schema/shared-tables';

const lines = (names: string[], indent: string) => names.map((name) => `${indent}${name},\n`).join('');

/** Each file with its lists rewritten; `read` gives a file's present text. */
export function tableLists(read: (path: string) => string = (path) => readFileSync(path, 'utf8')) {
	const shared = defineTables(sqliteKit);
	const all = Object.keys(shared);
	const tables = Object.entries(shared)
		.filter(([, value]) => is(value, Table))
		.map(([name]) => name);
	const rewrite = (path: string, pattern: RegExp, list: string) => {
		const text = read(path);
		if (!pattern.test(text)) throw new Error(`${path}: no list matching ${pattern}`);
		return text.replace(pattern, (_whole, open: string, close: string) => `${open}${list}${close}`);
	};
	const schemaList = /(export const \{\n)[\s\S]*?(\} = defineTables\()/;
	let bindings = rewrite(
		'src/server/db/tables.ts',
		/(export let \{\n)[\s\S]*?(\} = bound;)/,
		lines(tables, '\t'),
	);
	bindings = bindings.replace(
		/(\t\(\{\n)[\s\S]*?(\t\} = schema\);)/,
		(_whole, open: string, close: string) => `${open}${lines(tables, '\t\t')}${close}`,
	);
	return {
		'db/schema/sqlite.ts': rewrite('db/schema/sqlite.ts', schemaList, lines(all, '\t')),
		'db/schema/postgres.ts': rewrite('db/schema/postgres.ts', schemaList, lines(all, '\t')),
		'src/server/db/tables.ts': bindings,
	};
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
	for (const [path, text] of Object.entries(tableLists())) writeFileSync(path, text);
	console.log('db/schema/sqlite.ts, db/schema/postgres.ts and src/server/db/tables.ts written');
}
