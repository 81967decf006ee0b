import type { Db } from "../db/client";
import type { PaymentGateways } from "../modules/payments/gateways/gateways";

/** What a flow writes to the log: the API's request logger, or the worker's. Never a secret or a token. */
export interface FlowLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

/** What the money flows need from outside the database. */
export interface MoneyFlowDeps {
  db: Db;
  /** The configured payment gateways, each callable only outside a transaction (gateway-guard.ts). */
  gateways: PaymentGateways;
  /** The storefront's public address: where mails link to, and where a gateway sends the payer back. */
  storefrontUrl: string;
  log?: FlowLog;
}
