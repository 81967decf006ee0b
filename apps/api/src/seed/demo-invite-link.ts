import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

// The demo trade invitation's link is a working secret: whoever has it opens a trade account. A start-up log is
// copied into CI output, bug reports and log collectors, so the seed keeps the link in a file of the data
// directory, readable by its owner alone (as `npm start` keeps the admin key), and the log says where it is.

/** The file under DATA_DIR that holds the demo trade invitation's link. */
export const DEMO_INVITE_LINK_FILE = "demo-trade-invite-link";

/** Writes the link to DEMO_INVITE_LINK_FILE in `dataDir` (owner-only), replacing an older one; answers the file's path. */
export async function saveDemoInviteLink(dataDir: string, url: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_INVITE_LINK_FILE);
  await writeFile(file, `${url}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created; a link left by an earlier seed keeps whatever it had.
  await chmod(file, 0o600);
  return file;
}

/** The log line about the demo invitation: who it is for and where its link is, never the link itself. */
export function demoInviteLogLine(email: string, linkFile: string): string {
  return `Demo trade invitation for ${email} (works once): its link is in ${linkFile}`;
}
