/** One line of the benchmark's table: what was measured, the figure, the goal, and how the figure stands to it. */
export interface Row {
  what: string;
  figure: string;
  goal: string;
  /** "0.14x FAIL", "0.62 of goal pass", or "" for a figure with no goal of its own. */
  verdict: string;
}

const mark = (pass: boolean) => (pass ? "pass" : "FAIL");

/** A figure with an upper bound: the verdict is figure ÷ goal (pass when at most 1). */
export function atMost(value: number, goal: number, extraFailure = false): string {
  if (!Number.isFinite(value)) return "no figure FAIL";
  return `${(value / goal).toFixed(2)} of goal ${mark(value <= goal && !extraFailure)}`;
}

/** A ratio with a lower bound (storefront ÷ baseline): the verdict is the ratio itself. */
export function ratioAtLeast(ratio: number, goal: number): string {
  if (!Number.isFinite(ratio)) return "no figure FAIL";
  return `${ratio.toFixed(2)}x ${mark(ratio >= goal)}`;
}

/** A ratio with an upper bound (deep page ÷ page 1, large shop ÷ demo shop). */
export function ratioAtMost(ratio: number, goal: number): string {
  if (!Number.isFinite(ratio)) return "no figure FAIL";
  return `${ratio.toFixed(2)}x ${mark(ratio <= goal)}`;
}

/** A figure with a lower bound (Lighthouse's score). */
export function atLeast(value: number, goal: number): string {
  if (!Number.isFinite(value)) return "no figure FAIL";
  return `${(value / goal).toFixed(2)} of goal ${mark(value >= goal)}`;
}

/** A ratio with no goal of its own, e.g. the storefront's throughput ÷ the bare baseline's. */
export const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : "n/a");
export const ms = (value: number) =>
  Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : value === Number.POSITIVE_INFINITY ? "∞" : "n/a";
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const perSecond = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} req/s`;
export const errorsNote = (result: { errors: number; requests?: number }) =>
  `${result.errors ? `, ${result.errors} errors` : ""}${result.requests === 0 ? ", none answered in the run" : ""}`;

/** The table as Markdown, so it can be pasted into an issue as it is. */
export function formatTable(rows: Row[]): string {
  const header: Row = { what: "what", figure: "figure", goal: "goal", verdict: "ratio / pass" };
  const all = [header, ...rows];
  const keys = ["what", "figure", "goal", "verdict"] as const;
  const widths = keys.map((key) => Math.max(...all.map((row) => row[key].length)));
  const line = (row: Row) => `| ${keys.map((key, column) => row[key].padEnd(widths[column]!)).join(" | ")} |`;
  return [line(header), `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`, ...rows.map(line)].join("\n");
}
