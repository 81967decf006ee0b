import type { AdminAddon, CreateAdminAddonBody, UpdateAdminAddonBody } from "@quire/contracts";
import type { Db } from "../db/client";
import { changedFields, recordAdminWrite, type AdminWrite } from "../modules/audit/audit.service";
import { noticeWithdrawnAddonOptions } from "../modules/cart/cart.service";
import { createAdminAddon, lockAdminAddon, optionsLeftOut, updateAdminAddon } from "../modules/catalog/catalog-addons.service";

/*
 * The merchant's add-ons (decision 055): each write one transaction with the catalogue's change (through its write
 * path, so the pages of the products that offer the add-on follow), what the baskets keep because of it (a notice on
 * each line whose chosen option is removed), and the audit entry.
 */

interface Store {
  id: number;
  currencyCodes: readonly string[];
}

/** The add-on as the audit log compares it: its fields and its options with their prices. */
function audited(addon: AdminAddon): Record<string, unknown> {
  const { id: _id, productCount: _count, ...fields } = addon;
  return fields;
}

export async function createAddonFlow(db: Db, write: AdminWrite, store: Store, body: CreateAdminAddonBody): Promise<AdminAddon> {
  return db.transaction(async (tx) => {
    const addon = await createAdminAddon(tx, store, body);
    await recordAdminWrite(tx, write, { type: "addon", id: addon.id, changes: changedFields(null, audited(addon)) });
    return addon;
  });
}

/**
 * Changes an add-on. Options left out of a new list are removed: the baskets that chose one are told in the same
 * transaction, under the add-on's lock (so no basket chooses it meanwhile), and keep their line without it.
 */
export async function updateAddonFlow(
  db: Db,
  write: AdminWrite,
  store: Store,
  addonId: number,
  body: UpdateAdminAddonBody,
): Promise<AdminAddon> {
  return db.transaction(async (tx) => {
    const before = await lockAdminAddon(tx, store.id, addonId);
    await noticeWithdrawnAddonOptions(
      tx,
      optionsLeftOut(before, body.options).map((option) => ({ addonOptionId: option.id, addonName: before.name, optionName: option.name })),
    );
    const after = await updateAdminAddon(tx, store, addonId, body);
    const changes = changedFields(audited(before), audited(after));
    if (changes) await recordAdminWrite(tx, write, { type: "addon", id: addonId, changes });
    return after;
  });
}
