import { ADMIN_USAGE, parseAdminArgs, runAdminCommand, type AdminCommand } from "./admin-command";

// `npm run admin --workspace @quire/api -- stock adjust ATLAS-1 12 --reason received`
let command: AdminCommand;
try {
  command = parseAdminArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${ADMIN_USAGE}`);
  process.exit(2);
}
const token = process.env.QUIRE_API_TOKEN;
if (command.name !== "help" && !token) {
  console.error(`Set QUIRE_API_TOKEN to an API token (POST /admin/api-tokens).\n\n${ADMIN_USAGE}`);
  process.exit(2);
}
process.exitCode = await runAdminCommand(
  {
    apiUrl: process.env.QUIRE_API_URL ?? "http://localhost:4000",
    token: token ?? "",
    storeKey: process.env.QUIRE_STORE_KEY ?? "quire-demo",
    fetch,
    say: (line) => process.stdout.write(`${line}\n`),
  },
  command,
);
