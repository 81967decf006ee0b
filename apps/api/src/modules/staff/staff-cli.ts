import { openDatabase } from "../../db/client";
import { loadEnv, resolveDataDir } from "../../env";
import { STAFF_USAGE, parseStaffArgs, runStaffInvite, type StaffInviteOptions } from "./staff-command";

// `npm run staff --workspace @quire/api -- invite --email owner@example.com --name "Ada Lovelace"`
let options: StaffInviteOptions;
try {
  options = parseStaffArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${STAFF_USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(STAFF_USAGE);
  process.exit(0);
}

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
});
try {
  const { invitation, link } = await runStaffInvite(database.db, options, { backOfficeUrl: env.BACK_OFFICE_URL });
  console.log(
    `Invited ${invitation.email} to "${options.storeKey}" as ${invitation.role}. The link works once, until ${invitation.expiresAt}:`,
  );
  console.log(`  ${link}`);
  console.log("The invitation email is queued: the running API sends it (or prints it when SMTP_URL is unset).");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
