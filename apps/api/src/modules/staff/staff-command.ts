import { parseArgs } from "node:util";
import { EmailSchema, PersonNameSchema, StaffRoleSchema, type StaffRole } from "@quire/contracts";
import type { Db } from "../../db/client";
import { findStoreByKey } from "../stores/stores.service";
import { inviteStaff } from "./staff.service";

export const STAFF_USAGE = `Usage: npm run staff --workspace @quire/api -- invite --email <address> --name <name> [--role owner] [--store <key>]

Invites a person to the shop's staff (the first owner, say): queues the invitation email (the running API sends
it, or prints it when SMTP_URL is unset) and prints the link here too. Opening it, they choose a password.

  --email   their email address (required)
  --name    their name (required)
  --role    owner, manager, fulfilment or content (default: owner)
  --store   the store key (default: quire-demo)

Recorded in the audit log as the command line. Uses DATABASE_URL, or the embedded database under .data/ (stop the
API first: it holds that database).`;

export interface StaffInviteOptions {
  help: boolean;
  email: string;
  name: string;
  role: StaffRole;
  storeKey: string;
}

/** Reads the command's arguments; throws with a readable message when they are wrong. */
export function parseStaffArgs(argv: string[]): StaffInviteOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "owner" },
      store: { type: "string", default: "quire-demo" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  const base = { storeKey: values.store.trim(), role: "owner" as StaffRole, email: "", name: "" };
  if (values.help) return { help: true, ...base };
  if (positionals.length !== 1 || positionals[0] !== "invite") throw new Error("The command is `invite`");
  const email = EmailSchema.safeParse(values.email ?? "");
  if (!email.success)
    throw new Error(values.email === undefined ? "--email is required" : `--email: "${values.email}" is not a valid email address`);
  const name = PersonNameSchema.safeParse(values.name ?? "");
  if (!name.success) throw new Error("--name takes a name of 1 to 100 characters");
  const role = StaffRoleSchema.safeParse(values.role);
  if (!role.success) throw new Error("--role is one of owner, manager, fulfilment, content");
  return { help: false, storeKey: base.storeKey, email: email.data, name: name.data, role: role.data };
}

/** Invites the person in the named store; throws when the store is unknown or the email is a member's. */
export async function runStaffInvite(db: Db, options: StaffInviteOptions, deps: { backOfficeUrl: string }) {
  const store = await findStoreByKey(db, options.storeKey);
  if (!store) throw new Error(`No store has the key "${options.storeKey}"`);
  const write = {
    storeId: store.id,
    principal: { type: "admin_key" as const, id: 0, label: "command line", role: "owner" as const, storeId: null },
    operation: "inviteStaff",
    clientIp: "127.0.0.1",
    requestId: "command-line",
  };
  const { name, email, role } = options;
  return inviteStaff(db, write, { storeName: store.name, backOfficeUrl: deps.backOfficeUrl.replace(/\/+$/, "") }, { name, email, role });
}
