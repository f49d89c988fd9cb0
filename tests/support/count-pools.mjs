/**
 * Preloaded into a server under test (`node --import`): counts the PostgreSQL pools that open a
 * connection in the process (node-postgres' pg-pool, whatever copy of the app's code uses it)
 * and writes `database pools used: N` to the file POOL_COUNT_FILE names when the process exits
 * (a file, not stderr: a process that exits writes to its pipes only as fast as the reader,
 * here a busy test runner, drains them).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const Pool = createRequire(import.meta.url)('pg-pool');
const used = new Set();
const connect = Pool.prototype.connect;
Pool.prototype.connect = function countedConnect(...args) {
	used.add(this);
	return connect.apply(this, args);
};
process.on('exit', () => writeFileSync(process.env.POOL_COUNT_FILE, `database pools used: ${used.size}\n`));
