/**
 * `@db/schema`: the SQLite instance of the shared tables, which the services are typed against
 * (PostgreSQL's instance, db/schema/postgres.ts, is cast to it where a handle is), and the rows'
 * types. The value lists the columns accept live below, in src/lib/column-values.ts, beside the
 * forms that check them. How to add a table: README "Adding a table".
 */
export * from './sqlite';
export type * from './rows';
