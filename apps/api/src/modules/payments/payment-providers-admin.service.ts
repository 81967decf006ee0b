import { PAYMENT_PROVIDER_IDS, type AdminPaymentProvider, type PaymentProviderId } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { changedFields, recordAdminWrite, type AdminWrite } from "../audit/audit.service";
import type { PaymentGateways } from "./gateways/gateways";
import type { HostedProviderId } from "./gateways/payment-gateway";
import { listDisabledProviders, lockProviderSwitches, saveProviderSwitch } from "./payment-providers.repository";

/*
 * The merchant's payment providers on or off (decision 052). Whether a gateway can be offered at all is the
 * deployment's (its keys are set); whether it is offered is the merchant's switch, which the checkout reads on every
 * call (listPaymentProviders). The shop always keeps one way that every shopper can pay.
 */

/** The names the merchant knows the providers by, configured or not. */
const PROVIDER_NAMES: Record<PaymentProviderId, string> = {
  stripe: "Card payments through Stripe",
  paypal: "PayPal",
  adyen: "Card payments through Adyen",
  mollie: "Mollie (iDEAL, Bancontact, card)",
  "on-account": "Pay on account (trade customers with credit)",
  "proforma-invoice": "Bank transfer (proforma invoice)",
};

const isConfigured = (gateways: PaymentGateways, id: PaymentProviderId) =>
  id === "on-account" || id === "proforma-invoice" || gateways.has(id as HostedProviderId);

function providersOf(gateways: PaymentGateways, disabled: ReadonlySet<PaymentProviderId>): AdminPaymentProvider[] {
  return PAYMENT_PROVIDER_IDS.map((id) => ({
    id,
    name: PROVIDER_NAMES[id],
    enabled: !disabled.has(id),
    configured: isConfigured(gateways, id),
  }));
}

/** Every provider Quire has, with the merchant's switch and whether this deployment can offer it. */
export async function listAdminPaymentProviders(db: Db, storeId: number, gateways: PaymentGateways) {
  return { paymentProviders: providersOf(gateways, await listDisabledProviders(db, storeId)) };
}

/**
 * Switches a provider on or off for the store, at once for every checkout. Switching off the last provider every
 * shopper can use (a configured gateway or the bank transfer; on account is for trade customers only) is refused
 * with 409 `last_payment_provider`, under a lock so that two switches at once cannot both pass.
 */
export async function updateAdminPaymentProvider(
  db: Db,
  write: AdminWrite,
  gateways: PaymentGateways,
  id: PaymentProviderId,
  body: { enabled: boolean },
): Promise<AdminPaymentProvider> {
  return db.transaction(async (tx) => {
    await lockProviderSwitches(tx, write.storeId);
    const disabled = await listDisabledProviders(tx, write.storeId);
    const before = providersOf(gateways, disabled).find((provider) => provider.id === id)!;
    const after = new Set(disabled);
    if (body.enabled) after.delete(id);
    else after.add(id);
    const forEveryone = providersOf(gateways, after).filter(
      (provider) => provider.enabled && provider.configured && provider.id !== "on-account",
    );
    if (!body.enabled && forEveryone.length === 0) throw new AppError("last_payment_provider", { field: "body.enabled" });
    await saveProviderSwitch(tx, { storeId: write.storeId, provider: id, isEnabled: body.enabled });
    const changed = providersOf(gateways, after).find((provider) => provider.id === id)!;
    const changes = changedFields({ enabled: before.enabled }, { enabled: changed.enabled });
    if (changes) await recordAdminWrite(tx, write, { type: "payment_provider", id, changes });
    return changed;
  });
}
