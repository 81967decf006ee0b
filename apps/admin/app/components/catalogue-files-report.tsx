import type { CatalogueFileProblem, CatalogueImport } from "@quire/contracts";

/** An import's state in the merchant's words. */
export const IMPORT_STATE_LABELS: Record<CatalogueImport["status"], string> = {
  queued: "Waiting to start",
  running: "Running",
  succeeded: "Finished",
  failed: "Stopped",
};

/** An import's state as a small badge: the text says it, the colour only helps. */
export function ImportState({ status }: { status: CatalogueImport["status"] }) {
  const tone =
    status === "succeeded"
      ? "bg-green-100 text-green-900"
      : status === "failed"
        ? "bg-red-100 text-red-900"
        : "bg-amber-100 text-amber-900";
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tone}`}>{IMPORT_STATE_LABELS[status]}</span>;
}

/** A few figures as a definition list of tiles. */
export function Figures({ label, figures }: { label: string; figures: readonly [string, number | string][] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {figures.map(([term, value]) => (
        <div key={term} className="rounded-md border border-zinc-200 bg-zinc-50 p-3">
          <dt className="text-sm text-zinc-700">{term}</dt>
          <dd className="text-xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The problems found in a file, by row (as the spreadsheet numbers it: the header is row 1) and column, with what
 * to fix.
 */
export function ProblemsTable({
  caption,
  problems,
  truncated = false,
}: {
  caption: string;
  problems: readonly CatalogueFileProblem[];
  /** The API listed only the first of them. */
  truncated?: boolean;
}) {
  if (problems.length === 0) return null;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold">
          {caption}
          {truncated ? (
            <span className="block font-normal text-zinc-700">
              The first {problems.length} are listed; fix these and check the file again to see the rest.
            </span>
          ) : null}
        </caption>
        <thead className="border-y border-zinc-200 bg-zinc-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-right">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Column
            </th>
            <th scope="col" className="px-3 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, index) => (
            <tr key={index} className="border-b border-zinc-100 last:border-0">
              <th scope="row" className="px-3 py-2 text-right font-medium tabular-nums">
                {problem.row}
              </th>
              <td className="px-3 py-2 font-mono text-xs">{problem.column ?? "(the whole row)"}</td>
              <td className="px-3 py-2">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
