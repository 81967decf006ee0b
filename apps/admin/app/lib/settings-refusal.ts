import type { FormRefusal } from "./forms.server";

/** A page's refusal, when it answers the form named by `intent` (and `id`, for a form of one row): else nothing. */
export function refusalFor(refusal: unknown, intent: string, id?: string | number): FormRefusal | undefined {
  if (!refusal || typeof refusal !== "object" || !("errors" in refusal) || !("values" in refusal)) return undefined;
  const { values } = refusal as FormRefusal;
  if (values.intent !== intent) return undefined;
  if (id !== undefined && values.id !== String(id)) return undefined;
  return refusal as FormRefusal;
}
