import type { ApiError } from "@quire/contracts";
import { data } from "react-router";
import { ApiRequestError } from "./api.server";
import { redirectWithMessage } from "./forms.server";

/** What a bulk action left undone, for the list's page to say: a problem with the whole request, or the rows refused. */
export interface BulkAnswer {
  problem?: string;
  /** How many were done, said as "3 products published". */
  done?: string;
  refused?: { id: number; message: string }[];
}

/** The ticked rows of a list's form (checkboxes called `name`): ids, each once; anything else sent is left out. */
export function tickedIds(form: FormData, name: string): number[] {
  const ids = form
    .getAll(name)
    .map(String)
    .filter((id) => /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647)
    .map(Number);
  return [...new Set(ids)];
}

/** Why a bulk action is not sent: nothing ticked, or more than the API takes at once; null when it may be sent. */
export function bulkSelectionProblem(ids: readonly number[], max: number, what: string) {
  if (ids.length === 0) return data<BulkAnswer>({ problem: `Tick the ${what} to change first.` }, { status: 400 });
  if (ids.length > max) return data<BulkAnswer>({ problem: `Change at most ${max} ${what} at once.` }, { status: 400 });
  return null;
}

/**
 * Sends a bulk action and answers the page: all done, the list again (`back`) with `done(count)` as its message;
 * otherwise the rows refused, each with the API's reasons, and how many were done (a 200, so the list is read
 * again, when any was; a 400 when none). The whole request refused (a role without the permission, the API away)
 * is said as nothing changed.
 */
export async function answerBulkAction<Result extends { ok: true } | { ok: false; errors: ApiError[] }>(
  request: Request,
  back: string,
  send: () => Promise<readonly Result[]>,
  idOf: (result: Result) => number,
  done: (count: number) => string,
) {
  let results: readonly Result[];
  try {
    results = await send();
  } catch (error) {
    if (!(error instanceof ApiRequestError) || (error.status >= 500 && error.status !== 503)) throw error;
    return data<BulkAnswer>({ problem: `Nothing was changed: ${error.message}` }, { status: error.status });
  }
  const refused = results.flatMap((result) =>
    result.ok ? [] : [{ id: idOf(result), message: result.errors.map((reason) => reason.message).join(" ") }],
  );
  const count = results.length - refused.length;
  if (refused.length === 0) return redirectWithMessage(request, back, `${done(count)}.`);
  return data<BulkAnswer>({ done: count > 0 ? done(count) : undefined, refused }, { status: count > 0 ? 200 : 400 });
}
