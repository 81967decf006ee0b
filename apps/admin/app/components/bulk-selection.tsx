import type { ReactNode } from "react";
import { SelectAllBox } from "~/components/select-all";
import type { BulkAnswer } from "~/lib/bulk-selection.server";

/** What a list's bulk action left undone: the problem, or each refused row by `labelOf` with the API's reasons. */
export function BulkRefusals({ answer, labelOf }: { answer: BulkAnswer | undefined; labelOf: (id: number) => string }) {
  if (!answer?.problem && !answer?.refused) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
      {answer.problem ? (
        <p className="font-semibold">{answer.problem}</p>
      ) : (
        <>
          <p className="font-semibold">
            {answer.done ? `${answer.done}; ` : ""}
            {answer.refused?.length === 1 ? "this one was not:" : "these were not:"}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {answer.refused?.map((refusal) => (
              <li key={refusal.id}>
                {labelOf(refusal.id)}: {refusal.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The buttons of a list's bulk actions, each sending the ticked rows (`name="intent"` on each button). */
export function BulkActionBar({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mb-3 flex flex-wrap items-center gap-2">
      <legend className="float-left mr-1 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The header cell of the tick column: "tick every row" with JavaScript, the column's name without. */
export function TickAllCell({ name, label }: { name: string; label: string }) {
  return (
    <th scope="col" className="w-8 px-3 py-2">
      <SelectAllBox name={name} label={label} />
    </th>
  );
}

/** A row's tick box, named for its row. */
export function TickCell({ name, value, label }: { name: string; value: number; label: string }) {
  return (
    <td className="px-3 py-2">
      <input type="checkbox" name={name} value={value} aria-label={label} className="size-4" />
    </td>
  );
}
