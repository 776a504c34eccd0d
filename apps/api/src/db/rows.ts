/**
 * The rows of a raw `db.execute(sql…)` answer. node-postgres and PGlite both answer `{ rows }`, but drizzle's type
 * for the database both drivers share (`Db`) does not say so; this is the one place that says it, with the row type
 * the query selects.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
