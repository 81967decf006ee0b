import type { ApiError } from "@quire/contracts";
import { AppError } from "../http/errors";

/**
 * A bulk call's rows applied one after another, each on its own (`apply` holds its own transaction): a row refused
 * with an `AppError` is answered with its reasons, as an error answer lists them, and the rows before and after it
 * stand. Anything else is a bug, and the request fails. Answers each row's outcome, in the order given.
 */
export async function applyRowByRow<Row>(
  rows: readonly Row[],
  apply: (row: Row) => Promise<void>,
): Promise<{ row: Row; errors: ApiError[] | null }[]> {
  const outcomes: { row: Row; errors: ApiError[] | null }[] = [];
  for (const row of rows) {
    try {
      await apply(row);
      outcomes.push({ row, errors: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ row, errors: [{ code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) }] });
    }
  }
  return outcomes;
}
