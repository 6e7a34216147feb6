/** The fields PostgreSQL reports on an error, as both drivers expose them. */
type PostgresError = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * Whether an error is a unique violation (SQLSTATE 23505), of one index when `constraint` is given.
 * Drizzle wraps the driver's error in its own, so the cause is looked at too.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as PostgresError;
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint;
    current = candidate.cause;
  }
  return false;
}

/** Whether an error is a foreign-key violation (SQLSTATE 23503): a row others still reference. */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current !== null && typeof current === 'object'; depth++) {
    if ((current as PostgresError).code === '23503') return true;
    current = (current as PostgresError).cause;
  }
  return false;
}
