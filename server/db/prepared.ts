/**
 * Named prepared statements for the raw SQL that runs on every member's page view (their unread
 * marks, their own state on a thread page). PostgreSQL then parses and plans such a query once
 * per pooled connection, and may keep a generic plan, instead of for every call: for the
 * members' unread marks that is 0.23 ms a query instead of 0.71–0.79 ms, most of it planning
 * (docs/performance.md). On PGlite the name changes nothing.
 *
 * @module
 */
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";

/**
 * Runs `query` as the prepared statement `name`.
 *
 * @param db database or transaction
 * @param name the statement's name, one per query text: the text must be the same on every call
 *   (values go in parameters; a query whose text varies, e.g. with a list's length, must not use
 *   this), else node-postgres refuses the second text
 * @param query the query
 * @returns its rows (timestamps as the driver gives them, like `db.execute`)
 * @throws the database's errors
 */
export async function preparedRows<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  // Drizzle's own path for `db.execute`, with a name (its dialect and session are internal).
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  const result = await internals.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
