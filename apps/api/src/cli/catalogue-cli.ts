import { readFile, writeFile } from "node:fs/promises";
import { CATALOGUE_USAGE, parseCatalogueArgs, runCatalogueCommand, type CatalogueCommand } from "./catalogue-command";

// `npm run catalogue --workspace @quire/api -- import products.csv --format shopify --wait`
let command: CatalogueCommand;
try {
  command = parseCatalogueArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${CATALOGUE_USAGE}`);
  process.exit(2);
}
const token = process.env.QUIRE_API_TOKEN;
if (command.name !== "help" && !token) {
  console.error(`Set QUIRE_API_TOKEN to an API token (POST /admin/api-tokens, role manager or owner).\n\n${CATALOGUE_USAGE}`);
  process.exit(2);
}
// Progress lines overwrite each other on a terminal; piped, each is a line of its own.
const interactive = process.stderr.isTTY;
process.exitCode = await runCatalogueCommand(
  {
    apiUrl: process.env.QUIRE_API_URL ?? "http://localhost:4000",
    token: token ?? "",
    storeKey: process.env.QUIRE_STORE_KEY ?? "quire-demo",
    fetch,
    readFile: (path) => readFile(path),
    write: async (out, text) => {
      if (out) await writeFile(out, text);
      else process.stdout.write(text);
    },
    say: (line, progress) => {
      if (progress && interactive) process.stderr.write(`\r${line}`);
      else process.stderr.write(`${interactive ? "\r" : ""}${line}\n`);
    },
  },
  command,
);
