import { parseArgs } from "node:util";
import type { ReturnStatus } from "@quire/contracts";
import { RETURN_STATUSES } from "@quire/contracts/constants";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { approveReturnFlow } from "../../flows/approve-return.flow";
import type { MoneyFlowDeps } from "../../flows/flow-deps";
import { findStoreByKey } from "../stores/stores.service";
import * as returns from "./returns.service";
import { orderReturns } from "./returns.tables";

export const RETURNS_USAGE = `Usage: npm run returns --workspace @quire/api -- <command> [options]

The customers' returns, as the admin API gives them.

  list [--status <status>] [--page <n>]   the store's returns, newest first, 20 a page
  show <return>                            one return: lines, amount, history, refund
  receive <return>                         the parcel has arrived
  approve <return>                         accept a received return and settle it as asked
                                           (refund to the order's payment, store credit, or exchange)
  reject <return> --note <text>            refuse a return, with a note the customer reads

  <return>  the return number, e.g. RMA-500001
  --store   the store key (default: quire-demo)

Statuses: ${RETURN_STATUSES.join(", ")}.
Uses DATABASE_URL, or the embedded database under .data/ (stop the API first: it holds that database).`;

export type ReturnsCommand =
  | { name: "help" }
  | { name: "list"; storeKey: string; status?: ReturnStatus; page: number }
  | { name: "show" | "receive" | "approve"; storeKey: string; publicId: string }
  | { name: "reject"; storeKey: string; publicId: string; note: string };

/** Reads the command's arguments; throws with a readable message when they are wrong. */
export function parseReturnsArgs(argv: string[]): ReturnsCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      status: { type: "string" },
      page: { type: "string", default: "1" },
      note: { type: "string" },
      store: { type: "string", default: "quire-demo" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  const [name, publicId, ...extra] = positionals;
  if (values.help || name === undefined || name === "help") return { name: "help" };
  if (extra.length > 0) throw new Error(`Unexpected arguments: ${extra.join(" ")}`);
  const storeKey = values.store;
  if (name === "list") {
    if (values.status !== undefined && !RETURN_STATUSES.includes(values.status as ReturnStatus)) {
      throw new Error(`--status must be one of ${RETURN_STATUSES.join(", ")}`);
    }
    if (!/^[1-9]\d{0,3}$/.test(values.page)) throw new Error("--page must be a whole number from 1");
    return { name, storeKey, page: Number(values.page), ...(values.status ? { status: values.status as ReturnStatus } : {}) };
  }
  if (!["show", "receive", "approve", "reject"].includes(name)) throw new Error(`Unknown command "${name}"`);
  if (!publicId || !/^RMA-\d{6,}$/i.test(publicId)) throw new Error(`${name} needs a return number such as RMA-500001`);
  const number = publicId.toUpperCase();
  if (name === "reject") {
    const note = values.note?.trim();
    if (!note) throw new Error("reject needs --note <text>");
    if (note.length > 500) throw new Error("--note must be at most 500 characters");
    return { name, storeKey, publicId: number, note };
  }
  return { name: name as "show" | "receive" | "approve", storeKey, publicId: number };
}

/** The command line acts as the merchant; its changes are recorded with actor id 0 (admin keys count from 1). */
const COMMAND_LINE = { type: "merchant", id: 0, label: "the command line" } as const;

async function findStore(db: Db, storeKey: string) {
  const store = await findStoreByKey(db, storeKey);
  if (!store) throw new Error(`No store has the key "${storeKey}"`);
  return store.id;
}

async function findReturnId(db: Db, storeId: number, storeKey: string, publicId: string) {
  const [row] = await db
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .where(and(eq(orderReturns.storeId, storeId), eq(orderReturns.publicId, publicId)));
  if (!row) throw new Error(`Store "${storeKey}" has no return ${publicId}`);
  return row.id;
}

const amount = (value: { amount: number; currencyCode: string }) => `${(value.amount / 100).toFixed(2)} ${value.currencyCode}`;

/** Runs a parsed command and answers the lines to print. */
export async function runReturnsCommand(
  db: Db,
  command: Exclude<ReturnsCommand, { name: "help" }>,
  flows: MoneyFlowDeps,
): Promise<string[]> {
  const storeId = await findStore(db, command.storeKey);
  if (command.name === "list") {
    const page = await returns.listAdminReturns(db, { storeId, status: command.status, PageNumber: command.page, PageSize: 20 });
    if (page.results.length === 0) return ["No returns."];
    return [
      ...page.results.map(
        (item) =>
          `${item.publicId}  ${item.createdAt.slice(0, 16).replace("T", " ")}  ${item.status.padEnd(10)} ${item.resolution.padEnd(12)} order ${item.orderPublicId}  ${String(item.itemCount).padStart(3)} items  ${amount(item.amount)}  <${item.email}>`,
      ),
      `Page ${page.pageNumber} of ${page.totalPages} (${page.total} returns).`,
    ];
  }
  const returnId = await findReturnId(db, storeId, command.storeKey, command.publicId);
  const ctx = { storeId, actor: COMMAND_LINE, storefrontUrl: flows.storefrontUrl };
  const detail = await (() => {
    switch (command.name) {
      case "show":
        return returns.getAdminReturn(db, { storeId, returnId });
      case "receive":
        return returns.receiveReturn(db, ctx, returnId);
      case "approve":
        return approveReturnFlow(flows, ctx, returnId);
      case "reject":
        return returns.rejectReturn(db, ctx, returnId, command.note);
    }
  })();
  return [
    `${detail.publicId}: ${detail.status} (order ${detail.orderPublicId}, ${detail.reason}, wants ${detail.resolution})`,
    `  <${detail.email}>${detail.comment ? `: "${detail.comment}"` : ""}`,
    ...detail.lines.map((line) => `  ${line.quantity} × ${line.productName} (${line.variantName}) ${line.sku}  ${amount(line.amount)}`),
    `  worth ${amount(detail.amount)}${detail.refund ? `; ${detail.refund.kind === "payment" ? "refunded" : "credited"} ${amount(detail.refund.amount)} (${detail.refund.status})` : ""}`,
    ...(detail.merchantNote ? [`  note: ${detail.merchantNote}`] : []),
    ...detail.history.map((entry) => `  ${entry.at.slice(0, 16).replace("T", " ")} ${entry.from} → ${entry.to}`),
  ];
}
