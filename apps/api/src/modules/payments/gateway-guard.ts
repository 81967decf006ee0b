import { assertOutsideTransaction } from "../../db/transaction-scope";
import type { HostedProviderId, PaymentGateway, PaymentGateways } from "./gateways/payment-gateway";

/**
 * The gateways as the API and the worker use them: each call first checks that no database transaction is
 * open (db/transaction-scope.ts), so a gateway is only ever called between two transactions: the payment or
 * refund recorded and committed before, the outcome recorded after.
 */
export function callableOutsideTransactions(gateways: PaymentGateways): PaymentGateways {
  const guarded = new Map<HostedProviderId, PaymentGateway>();
  for (const [id, gateway] of gateways) guarded.set(id, guardGateway(gateway));
  return guarded;
}

function guardGateway(gateway: PaymentGateway): PaymentGateway {
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        assertOutsideTransaction(`${target.id}.${String(property)}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
