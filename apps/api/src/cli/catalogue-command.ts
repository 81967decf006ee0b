import { CATALOGUE_FILE_FORMATS, type CatalogueFileFormat, type CatalogueFileProblem, type CatalogueImport } from "@quire/contracts";
import { parseArgs } from "node:util";
import { callAdminApi, exitCodeOf, type AdminApiAccess } from "./admin-api-client";

/*
 * `npm run catalogue`: the catalogue files of the admin API (decision 053) for scripts and for a merchant at a
 * terminal. Unlike the other CLIs it does not open the database: it calls a running API as an API token (made with
 * POST /admin/api-tokens, role manager or owner), so it works beside the API on the embedded database too, and is
 * checked, audited and limited like any other admin call.
 */

export const CATALOGUE_USAGE = `Usage: npm run catalogue --workspace @quire/api -- <command> [options]

  check <file.csv> --format shopify|quire     what importing the file would do, every problem by row and column
  import <file.csv> --format shopify|quire    start the import; --wait follows it to the end with its progress
  status <import id>                          how far an import got
  export --format shopify|quire [--out file]  the whole catalogue as CSV (to standard output without --out)

Environment: QUIRE_API_TOKEN (an API token, required), QUIRE_API_URL (default http://localhost:4000),
QUIRE_STORE_KEY (default quire-demo).`;

export type CatalogueCommand =
  | { name: "help" }
  | { name: "check" | "import"; file: string; format: CatalogueFileFormat; wait: boolean }
  | { name: "status"; id: number }
  | { name: "export"; format: CatalogueFileFormat; out: string | null };

function formatOf(value: string | undefined): CatalogueFileFormat {
  if (!value || !(CATALOGUE_FILE_FORMATS as readonly string[]).includes(value)) throw new Error("Give --format shopify or --format quire");
  return value as CatalogueFileFormat;
}

export function parseCatalogueArgs(argv: string[]): CatalogueCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { format: { type: "string" }, wait: { type: "boolean", default: false }, out: { type: "string" }, help: { type: "boolean" } },
  });
  const [name, argument, ...rest] = positionals;
  if (values.help || name === undefined || name === "help") return { name: "help" };
  if (rest.length > 0) throw new Error(`Unexpected: ${rest.join(" ")}`);
  switch (name) {
    case "check":
    case "import":
      if (!argument) throw new Error(`${name} needs the file to read`);
      return { name, file: argument, format: formatOf(values.format), wait: values.wait ?? false };
    case "status": {
      const id = Number(argument);
      if (!Number.isInteger(id) || id < 1) throw new Error("status needs an import's id");
      return { name, id };
    }
    case "export":
      if (argument) throw new Error(`Unexpected: ${argument}`);
      return { name, format: formatOf(values.format), out: values.out ?? null };
    default:
      throw new Error(`Unknown command: ${name}`);
  }
}

/** What the commands need from outside: the API and how to reach it, the file system, and where to write. */
export interface CatalogueCommandDeps extends AdminApiAccess {
  readFile(path: string): Promise<Buffer>;
  /** Writes the export's text: to the file named, or to standard output (null). */
  write(out: string | null, text: string): Promise<void>;
  /** One line for the person at the terminal; `progress` lines may be overwritten by the next. */
  say(line: string, progress?: boolean): void;
  /** How long to wait between two looks at a running import. */
  pollMs?: number;
}

/** The catalogue's calls: a file goes as text/csv. */
const call = (deps: CatalogueCommandDeps, method: "GET" | "POST", path: string, body?: Buffer) =>
  callAdminApi(deps, method, path, body ? { file: { bytes: body, contentType: "text/csv" } } : {});

function problemLines(kind: string, problems: CatalogueFileProblem[]): string[] {
  return problems.map(
    (problem) => `  ${kind} row ${problem.row}${problem.column ? `, ${problem.column}` : ""}: ${problem.message} (${problem.code})`,
  );
}

function progressOf(run: CatalogueImport): string {
  const settled = run.productsDone + run.productsFailed;
  const width = 30;
  const filled = run.products === 0 ? width : Math.round((settled / run.products) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${settled}/${run.products} products (${run.created} created, ${run.updated} changed, ${run.unchanged} unchanged, ${run.productsFailed} failed): ${run.status}`;
}

/** Runs a command; answers the process's exit code (1 when the file has problems or the import failed). */
export async function runCatalogueCommand(deps: CatalogueCommandDeps, command: CatalogueCommand): Promise<number> {
  return exitCodeOf(deps.say, async () => {
    switch (command.name) {
      case "help":
        deps.say(CATALOGUE_USAGE);
        return 0;
      case "check": {
        const body = await deps.readFile(command.file);
        const answer = await call(deps, "POST", `/admin/catalogue/imports/dry-run?format=${command.format}`, body);
        const check = (
          (await answer.json()) as {
            data: {
              rows: number;
              products: number;
              toCreate: number;
              toUpdate: number;
              unchanged: number;
              failed: number;
              errors: CatalogueFileProblem[];
              warnings: CatalogueFileProblem[];
            };
          }
        ).data;
        deps.say(
          `${check.rows} rows, ${check.products} products: ${check.toCreate} to create, ${check.toUpdate} to change, ${check.unchanged} unchanged, ${check.failed} with errors (skipped)`,
        );
        for (const line of [...problemLines("error", check.errors), ...problemLines("warning", check.warnings)]) deps.say(line);
        return check.failed > 0 ? 1 : 0;
      }
      case "import": {
        const body = await deps.readFile(command.file);
        const answer = await call(deps, "POST", `/admin/catalogue/imports?format=${command.format}`, body);
        let run = ((await answer.json()) as { data: CatalogueImport }).data;
        deps.say(`Import ${run.id} started: ${run.products} products (follow it with: status ${run.id})`);
        if (!command.wait) return 0;
        while (run.status === "queued" || run.status === "running") {
          deps.say(progressOf(run), true);
          await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 1000));
          run = ((await (await call(deps, "GET", `/admin/catalogue/imports/${run.id}`)).json()) as { data: CatalogueImport }).data;
        }
        deps.say(progressOf(run));
        for (const line of problemLines("error", run.errors)) deps.say(line);
        return run.status === "succeeded" && run.productsFailed === 0 ? 0 : 1;
      }
      case "status": {
        const run = ((await (await call(deps, "GET", `/admin/catalogue/imports/${command.id}`)).json()) as { data: CatalogueImport }).data;
        deps.say(`Import ${run.id} (${run.format}, asked by ${run.requestedBy} at ${run.createdAt})`);
        deps.say(progressOf(run));
        for (const line of [...problemLines("error", run.errors), ...problemLines("warning", run.warnings)]) deps.say(line);
        return 0;
      }
      case "export": {
        const answer = await call(deps, "GET", `/admin/catalogue/export?format=${command.format}`);
        await deps.write(command.out, await answer.text());
        if (command.out) deps.say(`Written to ${command.out}`);
        return 0;
      }
    }
  });
}
