import type { AdminVariantStockSchema, StaffInvitationSchema, StockMovementSchema } from "@quire/contracts";
import type { z } from "zod";
import { parseArgs } from "node:util";
import { callAdminApi, dataOf, exitCodeOf, type AdminApiAccess } from "./admin-api-client";

type AdminVariantStock = z.infer<typeof AdminVariantStockSchema>;
type StockMovement = z.infer<typeof StockMovementSchema>;
type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

/*
 * `npm run admin`: the merchant's everyday calls for scripts and a terminal, stock and the team, through the admin
 * API as an API token (decision 046), like `npm run catalogue`. It works beside a running API on the embedded
 * database too; `npm run staff` (which opens the database) stays for the first owner, before any token exists.
 */

export const ADMIN_USAGE = `Usage: npm run admin --workspace @quire/api -- <command> [options]

  stock show <sku>                                     the variant's stock and its low-stock threshold (SKUs as written)
  stock set <sku> <quantity> --reason R [--note N]     the count is now <quantity> (a stock-take)
  stock adjust <sku> <change> --reason R [--note N]    move the count by <change> (12 received, -2 damaged)
  stock history <sku> [--limit N]                      the variant's stock changes, newest first
  stock low                                            the variants at or below their low-stock threshold
  staff invite --email E --name N --role R             invite a member of staff (owner, manager, fulfilment, content)

Reasons: count, received, returned, damaged, lost, correction.
Environment: QUIRE_API_TOKEN (an API token, required), QUIRE_API_URL (default http://localhost:4000),
QUIRE_STORE_KEY (default quire-demo).`;

export type AdminCommand =
  | { name: "help" }
  | { name: "stock show" | "stock history"; sku: string; limit: number }
  | { name: "stock set" | "stock adjust"; sku: string; amount: number; reason: string; note?: string }
  | { name: "stock low" }
  | { name: "staff invite"; email: string; personName: string; role: string };

const REASONS = ["count", "received", "returned", "damaged", "lost", "correction"];
const ROLES = ["owner", "manager", "fulfilment", "content"];

/** A negative number as a command's argument ("adjust X -2"), which parseArgs would take for an option. */
const NEGATIVE = /^-\d{1,7}$/;
const NEGATIVE_MARK = "negative:";

function wholeNumber(text: string | undefined, what: string): number {
  const written = text?.startsWith(NEGATIVE_MARK) ? `-${text.slice(NEGATIVE_MARK.length)}` : text;
  if (written === undefined || !/^[+-]?\d{1,7}$/.test(written)) throw new Error(`${what} is a whole number`);
  return Number(written);
}

export function parseAdminArgs(argv: string[]): AdminCommand {
  const { values, positionals } = parseArgs({
    args: argv.map((arg) => (NEGATIVE.test(arg) ? `${NEGATIVE_MARK}${arg.slice(1)}` : arg)),
    allowPositionals: true,
    strict: true,
    options: {
      reason: { type: "string" },
      note: { type: "string" },
      limit: { type: "string" },
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      help: { type: "boolean" },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || group === undefined || group === "help") return { name: "help" };
  const command = `${group} ${action ?? ""}`.trim();
  const sku = rest[0];
  const needSku = () => {
    if (!sku) throw new Error(`${command} needs a SKU`);
    return sku;
  };
  const reason = () => {
    if (!values.reason || !REASONS.includes(values.reason)) throw new Error(`Give --reason ${REASONS.join("|")}`);
    return values.reason;
  };
  const extra = (allowed: number) => {
    if (rest.length > allowed) throw new Error(`Unexpected: ${rest.slice(allowed).join(" ")}`);
  };
  switch (command) {
    case "stock show":
    case "stock history":
      extra(1);
      return { name: command, sku: needSku(), limit: values.limit === undefined ? 20 : wholeNumber(values.limit, "--limit") };
    case "stock set":
    case "stock adjust": {
      extra(2);
      const amount = wholeNumber(rest[1], command === "stock set" ? "The quantity" : "The change");
      if (command === "stock set" && amount < 0) throw new Error("The quantity is 0 or more");
      if (command === "stock adjust" && amount === 0) throw new Error("A change of stock is not zero");
      return { name: command, sku: needSku(), amount, reason: reason(), ...(values.note ? { note: values.note } : {}) };
    }
    case "stock low":
      extra(0);
      return { name: command };
    case "staff invite":
      extra(0);
      if (!values.email || !values.name) throw new Error("staff invite needs --email and --name");
      if (!values.role || !ROLES.includes(values.role)) throw new Error(`Give --role ${ROLES.join("|")}`);
      return { name: command, email: values.email, personName: values.name, role: values.role };
    default:
      throw new Error(`Unknown command: ${command}`);
  }
}

export interface AdminCommandDeps extends AdminApiAccess {
  /** One line for the person at the terminal. */
  say(line: string): void;
}

/** The variant with this SKU, exactly as written (a stock call: no catalogue permission needed). */
async function variantOf(deps: AdminCommandDeps, sku: string): Promise<{ id: number }> {
  const stock = await dataOf<AdminVariantStock>(await callAdminApi(deps, "GET", `/admin/stock/skus/${encodeURIComponent(sku)}`));
  return { id: stock.variantId };
}

const stockLine = (stock: AdminVariantStock) =>
  `${stock.sku} (${stock.productName}, ${stock.variantName}): ${stock.stockQuantity} in stock${stock.low ? ", low" : ""}` +
  (stock.lowStockThreshold === null ? "" : ` (threshold ${stock.lowStockThreshold})`);

/** Runs a command; answers the process's exit code (1 when the API refused it). */
export async function runAdminCommand(deps: AdminCommandDeps, command: AdminCommand): Promise<number> {
  return exitCodeOf(deps.say, async () => {
    switch (command.name) {
      case "help":
        deps.say(ADMIN_USAGE);
        return 0;
      case "stock show": {
        const stock = await dataOf<AdminVariantStock>(
          await callAdminApi(deps, "GET", `/admin/stock/skus/${encodeURIComponent(command.sku)}`),
        );
        deps.say(stockLine(stock));
        return 0;
      }
      case "stock set":
      case "stock adjust": {
        const variant = await variantOf(deps, command.sku);
        const note = command.note ? { note: command.note } : {};
        const answer =
          command.name === "stock set"
            ? await callAdminApi(deps, "PUT", `/admin/variants/${variant.id}/stock`, {
                body: { quantity: command.amount, reason: command.reason, ...note },
              })
            : await callAdminApi(deps, "POST", `/admin/variants/${variant.id}/stock-adjustments`, {
                body: { delta: command.amount, reason: command.reason, ...note },
                idempotent: true,
              });
        deps.say(stockLine(await dataOf<AdminVariantStock>(answer)));
        return 0;
      }
      case "stock history": {
        const variant = await variantOf(deps, command.sku);
        const { movements } = await dataOf<{ movements: StockMovement[] }>(
          await callAdminApi(deps, "GET", `/admin/variants/${variant.id}/stock-movements?limit=${Math.min(command.limit, 100)}`),
        );
        for (const movement of movements) {
          const change = movement.delta > 0 ? `+${movement.delta}` : String(movement.delta);
          const who = movement.actor ? ` by ${movement.actor.label}` : "";
          deps.say(
            `${movement.at}  ${change.padStart(6)} -> ${movement.quantityAfter}  ${movement.reason}${who}${movement.note ? `: ${movement.note}` : ""}`,
          );
        }
        if (movements.length === 0) deps.say("No stock changes yet");
        return 0;
      }
      case "stock low": {
        const { variants } = await dataOf<{ variants: AdminVariantStock[] }>(await callAdminApi(deps, "GET", "/admin/stock/low?limit=100"));
        for (const stock of variants) deps.say(stockLine(stock));
        if (variants.length === 0) deps.say("Nothing is low on stock");
        return 0;
      }
      case "staff invite": {
        const invitation = await dataOf<StaffInvitation>(
          await callAdminApi(deps, "POST", "/admin/staff/invitations", {
            body: { email: command.email, name: command.personName, role: command.role },
          }),
        );
        deps.say(
          `Invited ${invitation.email} as ${invitation.role}: the invitation is mailed to them and works until ${invitation.expiresAt}`,
        );
        return 0;
      }
    }
  });
}
