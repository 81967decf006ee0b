import { parseArgs } from "node:util";
import { cancelOrderForMerchant } from "../../flows/cancel-order.flow";
import { getAdminOrder } from "../../flows/order-view.flow";
import { confirmBankTransfer } from "../../flows/pay-order.flow";
import { moneyFlowsOf, type MoneyFlowDeps } from "../../flows/flow-deps";
import type { OrderStatus } from "@quire/contracts";
import { ORDER_STATUSES } from "@quire/contracts/constants";
import type { Db } from "../../db/client";
import { findStoreByKey } from "../stores/stores.service";
import * as admin from "./orders-admin.service";
import { findOrderIdByNumber } from "./orders.repository";

export const ORDERS_USAGE = `Usage: npm run orders --workspace @quire/api -- <command> [options]

The merchant's orders, as the admin API gives them (docs/decisions/024).

  list [--status <status>] [--search <text>] [--before <id>]
                                           the store's orders, newest first, 20 at a time; --search finds
                                           a number, an email or a name, --before goes on where a list stopped
  show <order>                             one order: lines, totals, addresses, shipping, history
  ship <order> --tracking <reference>      ship a paid order with the carrier's reference
  deliver <order>                          mark a shipped order delivered
  cancel <order> --reason <text>           cancel an order before it ships (refunded if paid; its stock goes back on sale)
  confirm-transfer <order>                 the bank transfer for its proforma invoice arrived: confirm the order

  <order>   the order number, e.g. QB-100001
  --store   the store key (default: quire-demo)

Statuses: ${ORDER_STATUSES.join(", ")}.
Uses DATABASE_URL, or the embedded database under .data/ (stop the API first: it holds that database).`;

export type OrdersCommand =
  | { name: "help" }
  | { name: "list"; storeKey: string; status?: OrderStatus; search?: string; before?: number }
  | { name: "show" | "deliver" | "confirm-transfer"; storeKey: string; publicId: string }
  | { name: "ship"; storeKey: string; publicId: string; trackingReference: string }
  | { name: "cancel"; storeKey: string; publicId: string; reason: string };

/** Reads the command's arguments; throws with a readable message when they are wrong. */
export function parseOrdersArgs(argv: string[]): OrdersCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      status: { type: "string" },
      search: { type: "string" },
      before: { type: "string" },
      tracking: { type: "string" },
      reason: { type: "string" },
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
    if (values.status !== undefined && !ORDER_STATUSES.includes(values.status as OrderStatus)) {
      throw new Error(`--status must be one of ${ORDER_STATUSES.join(", ")}`);
    }
    if (values.before !== undefined && !/^[1-9]\d{0,9}$/.test(values.before)) throw new Error("--before must be an order id from a list");
    const search = values.search?.trim();
    if (search !== undefined && (search.length === 0 || search.length > 100)) throw new Error("--search takes 1 to 100 characters");
    return {
      name,
      storeKey,
      ...(values.status ? { status: values.status as OrderStatus } : {}),
      ...(search ? { search } : {}),
      ...(values.before ? { before: Number(values.before) } : {}),
    };
  }
  if (!["show", "ship", "deliver", "cancel", "confirm-transfer"].includes(name)) throw new Error(`Unknown command "${name}"`);
  if (!publicId || !/^QB-\d{6,}$/i.test(publicId)) throw new Error(`${name} needs an order number such as QB-100001`);
  const number = publicId.toUpperCase();
  if (name === "ship") {
    const trackingReference = values.tracking?.trim();
    if (!trackingReference) throw new Error("ship needs --tracking <reference>");
    return { name, storeKey, publicId: number, trackingReference };
  }
  if (name === "cancel") {
    const reason = values.reason?.trim();
    if (!reason) throw new Error("cancel needs --reason <text>");
    return { name, storeKey, publicId: number, reason };
  }
  return { name: name as "show" | "deliver" | "confirm-transfer", storeKey, publicId: number };
}

/** The command line acts as the merchant; its changes are recorded with actor id 0 (admin keys count from 1). */
const COMMAND_LINE = { type: "merchant", id: 0, label: "the command line" } as const;

async function findStoreId(db: Db, storeKey: string) {
  const store = await findStoreByKey(db, storeKey);
  if (!store) throw new Error(`No store has the key "${storeKey}"`);
  return store.id;
}

async function findOrder(db: Db, storeKey: string, publicId: string) {
  const storeId = await findStoreId(db, storeKey);
  const orderId = await findOrderIdByNumber(db, { storeId, publicId });
  if (orderId === null) throw new Error(`Store "${storeKey}" has no order ${publicId}`);
  return { storeId, orderId };
}

/** Runs a parsed command and answers the lines to print. */
export async function runOrdersCommand(
  db: Db,
  command: Exclude<OrdersCommand, { name: "help" }>,
  /** What a cancellation's refund and closed payment pages need: none of the gateways by default. */
  flows: MoneyFlowDeps = moneyFlowsOf({ db }),
): Promise<string[]> {
  if (command.name === "list") {
    const storeId = await findStoreId(db, command.storeKey);
    const { name: _name, storeKey: _storeKey, ...filters } = command;
    const page = await admin.listAdminOrders(db, { storeId, sort: "newest", ...filters, limit: 20 });
    if (page.orders.length === 0) return ["No orders."];
    return [
      ...page.orders.map(
        (order) =>
          `${order.publicId}  ${order.placedAt.slice(0, 16).replace("T", " ")}  ${order.status.padEnd(16)} ${String(order.itemCount).padStart(3)} items  ${(order.grandTotal.amount / 100).toFixed(2)} ${order.grandTotal.currencyCode}  ${order.customerName} <${order.email}>`,
      ),
      page.nextBefore === null ? "No more orders." : `More: add --before ${page.nextBefore}`,
    ];
  }
  const { storeId, orderId } = await findOrder(db, command.storeKey, command.publicId);
  const ctx = { storeId, actor: COMMAND_LINE };
  switch (command.name) {
    case "show":
      break;
    case "ship":
      await admin.shipOrder(db, ctx, { orderId, trackingReference: command.trackingReference });
      break;
    case "deliver":
      await admin.deliverOrder(db, ctx, { orderId });
      break;
    case "cancel":
      await cancelOrderForMerchant(flows, { ...ctx, orderId, reason: command.reason });
      break;
    case "confirm-transfer":
      await confirmBankTransfer(flows, { ...ctx, orderId });
      break;
  }
  const order = await getAdminOrder(db, { storeId, orderId });
  const amount = (value: { amount: number; currencyCode: string }) => `${(value.amount / 100).toFixed(2)} ${value.currencyCode}`;
  return [
    `${order.publicId}: ${order.status}${order.trackingReference ? ` (tracking ${order.trackingReference})` : ""}`,
    `  ${order.customerName} <${order.email}>`,
    ...order.items.map((line) => `  ${line.quantity} × ${line.productName} (${line.variantName}) ${line.sku}  ${amount(line.total)}`),
    `  total ${amount(order.grandTotal)}, delivery ${amount(order.deliveryCharge)} (${order.deliveryOption.name})`,
    `  deliver to: ${order.deliveryAddress.formattedAddress}`,
    ...order.history.map((entry) => `  ${entry.at.slice(0, 16).replace("T", " ")} ${entry.from} → ${entry.to}: ${entry.reason}`),
  ];
}
