/** Whether a failed statement broke this unique constraint (PostgreSQL 23505), looking through Drizzle's wrapper. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const failure = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (failure.code === "23505" && failure.constraint === constraint) return true;
    current = failure.cause;
  }
  return false;
}

/** Whether a failed statement broke this CHECK constraint (PostgreSQL 23514), looking through Drizzle's wrapper. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const failure = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (failure.code === "23514" && failure.constraint === constraint) return true;
    current = failure.cause;
  }
  return false;
}
