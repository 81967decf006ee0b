import { openDatabase } from "../db/client";
import { loadEnv, resolveDataDir } from "../env";
import { INVITE_USAGE, parseInviteArgs, runInviteCommand, type InviteOptions } from "./invite-command";

// `npm run invite --workspace @quire/api -- --email buyer@example.com --first-name Grace --company "Hopper Ltd"`
let options: InviteOptions;
try {
  options = parseInviteArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${INVITE_USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(INVITE_USAGE);
  process.exit(0);
}

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
});
try {
  const report = await runInviteCommand(database.db, options, { storefrontUrl: env.STOREFRONT_URL });
  if (report.alreadyCustomer) console.warn(`Note: ${options.email} already has an account, so this invite cannot be completed.`);
  console.log(
    `Invited ${options.email} to "${options.storeKey}" as a trade customer. The link works once, until ${report.expiresAt.toISOString()}:`,
  );
  console.log(`  ${report.url}`);
  console.log("The invitation email is queued: the running API sends it (or prints it when SMTP_URL is unset).");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
