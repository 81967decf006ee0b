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

/**
 * A list's bulk action, from its form to the page's answer: the button pressed (`intent`, one of `actions`) and the
 * ticked rows (checkboxes called `field`) go to the API in one request, unless none is ticked or more than `max` are.
 * All done, the list again (its address kept) with `done(action, count)` as its message; otherwise the rows refused,
 * each with the API's reasons, and how many were done (a 200, so the list is read again, when any was; a 400 when
 * none). The whole request refused (a role without the permission, the API away) is said as nothing changed.
 */
export async function answerTickedAction<Action extends string, Result extends { ok: true } | { ok: false; errors: ApiError[] }>(
  request: Request,
  list: {
    actions: readonly Action[];
    field: string;
    max: number;
    what: string;
    send: (action: Action, ids: number[]) => Promise<readonly Result[]>;
    idOf: (result: Result) => number;
    done: (action: Action, count: number) => string;
  },
) {
  const form = await request.formData();
  const action = list.actions.find((known) => known === form.get("intent"));
  if (!action) throw new Response("Unknown action", { status: 400 });
  const ids = tickedIds(form, list.field);
  if (ids.length === 0) return data<BulkAnswer>({ problem: `Tick the ${list.what} to change first.` }, { status: 400 });
  if (ids.length > list.max) return data<BulkAnswer>({ problem: `Change at most ${list.max} ${list.what} at once.` }, { status: 400 });
  let results: readonly Result[];
  try {
    results = await list.send(action, ids);
  } catch (error) {
    if (!(error instanceof ApiRequestError) || (error.status >= 500 && error.status !== 503)) throw error;
    return data<BulkAnswer>({ problem: `Nothing was changed: ${error.message}` }, { status: error.status });
  }
  const refused = results.flatMap((result) =>
    result.ok ? [] : [{ id: list.idOf(result), message: result.errors.map((reason) => reason.message).join(" ") }],
  );
  const count = results.length - refused.length;
  const url = new URL(request.url);
  if (refused.length === 0) return redirectWithMessage(request, url.pathname + url.search, `${list.done(action, count)}.`);
  return data<BulkAnswer>({ done: count > 0 ? list.done(action, count) : undefined, refused }, { status: count > 0 ? 200 : 400 });
}
