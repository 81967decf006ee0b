import { parseArgs } from "node:util";
import { EmailSchema } from "@quire/contracts";
import type { Db } from "../db/client";
import { customerEmailExists } from "../modules/identity/identity.repository";
import { createInvite, INVITE_DEFAULT_DAYS } from "../modules/identity/registration.service";
import { findStoreByKey } from "../modules/stores/stores.repository";

export const INVITE_USAGE = `Usage: npm run invite --workspace @quire/api -- --email <address> [--first-name A] [--last-name B] [--company C] [--store <key>] [--expires-in-days N]

Invites a trade buyer: emails them a link to /auth/invite/complete/<token> (through the outbox, so the
running API sends it, or prints it when SMTP_URL is unset) and prints the link here too. Completing it
creates a trade customer.

  --email            the buyer's email address (required)
  --first-name       their first name, shown in the email and used for the account
  --last-name        their last name
  --company          their company name
  --store            the store key (default: quire-demo)
  --expires-in-days  how long the link works (default: ${INVITE_DEFAULT_DAYS}, at most 365)

Uses DATABASE_URL, or the embedded database under .data/ (stop the API first: it holds that database).`;

export interface InviteOptions {
  help: boolean;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  storeKey: string;
  expiresInDays: number;
}

/** Reads the command's arguments; throws with a readable message when they are wrong. */
export function parseInviteArgs(argv: string[]): InviteOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      "first-name": { type: "string", default: "" },
      "last-name": { type: "string", default: "" },
      company: { type: "string", default: "" },
      store: { type: "string", default: "quire-demo" },
      "expires-in-days": { type: "string", default: String(INVITE_DEFAULT_DAYS) },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const base = {
    firstName: values["first-name"].trim(),
    lastName: values["last-name"].trim(),
    companyName: values.company.trim(),
    storeKey: values.store.trim(),
  };
  if (values.help) return { help: true, email: "", expiresInDays: INVITE_DEFAULT_DAYS, ...base };
  if (values.email === undefined) throw new Error("--email is required");
  const email = EmailSchema.safeParse(values.email);
  if (!email.success) throw new Error(`--email: "${values.email}" is not a valid email address`);
  for (const [flag, value] of [
    ["--first-name", base.firstName],
    ["--last-name", base.lastName],
    ["--company", base.companyName],
  ] as const) {
    if (value.length > 100) throw new Error(`${flag} takes at most 100 characters`);
  }
  const days = values["expires-in-days"].trim();
  if (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > 365)
    throw new Error("--expires-in-days takes a whole number from 1 to 365");
  return { help: false, email: email.data, expiresInDays: Number(days), ...base };
}

export interface InviteReport {
  url: string;
  expiresAt: Date;
  /** The email already has an account, so completing the invite will answer 409. */
  alreadyCustomer: boolean;
}

/** Creates the invite in the named store; throws when the store is unknown. */
export async function runInviteCommand(db: Db, options: InviteOptions, deps: { storefrontUrl: string }): Promise<InviteReport> {
  const store = await findStoreByKey(db, options.storeKey);
  if (!store) throw new Error(`No store has the key "${options.storeKey}"`);
  const alreadyCustomer = await customerEmailExists(db, store.id, options.email);
  const invite = await createInvite(db, {
    store,
    storefrontUrl: deps.storefrontUrl.replace(/\/+$/, ""),
    email: options.email,
    firstName: options.firstName,
    lastName: options.lastName,
    companyName: options.companyName,
    expiresInDays: options.expiresInDays,
  });
  return { url: invite.url, expiresAt: invite.expiresAt, alreadyCustomer };
}
