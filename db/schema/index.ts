/**
 * `@db/schema`: the SQLite instance of the shared tables, which the services are typed against
 * (PostgreSQL's instance, db/schema/postgres.ts, is cast to it where a handle is), and the value
 * lists with their types. How to add a table: README "Adding a table".
 */
export * from './sqlite';
export * from './values';
export type * from './rows';
