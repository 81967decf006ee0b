import type { Db } from "../db/client";
import type { Env } from "../env";
import { callableOutsideTransactions } from "../modules/payments/gateway-guard";
import { gatewaysFromEnv, noGateways, type PaymentGateways } from "../modules/payments/gateways/gateways";

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

/**
 * The money flows' dependencies, the one way every caller (the API, the worker, the commands, the tests) makes
 * them: the gateways guarded so that none is called inside a transaction; none configured, by default.
 */
export function moneyFlowsOf(input: { db: Db; gateways?: PaymentGateways; storefrontUrl?: string; log?: FlowLog }): MoneyFlowDeps {
  return {
    db: input.db,
    gateways: callableOutsideTransactions(input.gateways ?? noGateways),
    storefrontUrl: (input.storefrontUrl ?? "http://localhost:3000").replace(/\/+$/, ""),
    ...(input.log ? { log: input.log } : {}),
  };
}

/** The money flows as a command-line tool runs them: the gateways and the storefront's address from the environment. */
export function moneyFlowsFromEnv(env: Env, db: Db): MoneyFlowDeps {
  return moneyFlowsOf({ db, gateways: gatewaysFromEnv(env), storefrontUrl: env.STOREFRONT_URL });
}
