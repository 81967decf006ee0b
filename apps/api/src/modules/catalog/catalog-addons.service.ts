import type { AdminAddon, CreateAdminAddonBody, UpdateAdminAddonBody } from "@quire/contracts";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import { AppError } from "../../http/errors";
import { addonCodeTaken, listAdminAddons } from "./catalog-addons.repository";
import { createAddon, lockAddon, updateAddon } from "./catalog-writes";

// The merchant's add-ons (decision 055): gift wrap, cards and their priced options, written through the catalogue's
// one write path, which tells every copy of the products that offer them.

export { listAdminAddons } from "./catalog-addons.repository";

interface Store {
  id: number;
  currencyCodes: readonly string[];
}

/** The store's add-on, or 404 `addon_not_found` (another store's is not found either). */
export async function requireAdminAddon(db: Db, storeId: number, addonId: number): Promise<AdminAddon> {
  const [addon] = await listAdminAddons(db, storeId, addonId);
  if (!addon) throw new AppError("addon_not_found", "No add-on of this store has this id");
  return addon;
}

/** The store's add-on, locked with its options until the transaction ends (`db` is one); 404 when not the store's. */
export async function lockAdminAddon(db: Db, storeId: number, addonId: number): Promise<AdminAddon> {
  if (!(await lockAddon(db, { storeId, addonId }))) throw new AppError("addon_not_found", "No add-on of this store has this id");
  return requireAdminAddon(db, storeId, addonId);
}

function checkCurrencies(store: Store, options: readonly { prices: Record<string, number> }[]) {
  for (const option of options) {
    for (const currency of Object.keys(option.prices)) {
      if (!store.currencyCodes.includes(currency)) {
        throw new AppError("currency_not_supported", `This store does not sell in ${currency}`, { field: "body.options" });
      }
    }
  }
}

const takenCode = (error: unknown): never => {
  if (isUniqueViolation(error, "addons_store_code_unique")) throw new AppError("addon_code_taken", { field: "body.code" });
  throw error;
};

/** Creates an add-on with its options and prices; offered by no product until a product names it in `addonIds`. */
export async function createAdminAddon(db: Db, store: Store, body: CreateAdminAddonBody): Promise<AdminAddon> {
  checkCurrencies(store, body.options);
  if (await addonCodeTaken(db, store.id, body.code)) throw new AppError("addon_code_taken", { field: "body.code" });
  const id = await createAddon(db, {
    storeId: store.id,
    code: body.code,
    name: body.name,
    description: body.description ?? "",
    position: body.position ?? 0,
    taxClass: body.taxClass ?? "standard",
    options: body.options,
  }).catch(takenCode);
  return requireAdminAddon(db, store.id, id);
}

/** The options of `addon` that `options` leaves out: those an update removes. */
export function optionsLeftOut(addon: AdminAddon, options: UpdateAdminAddonBody["options"]): AdminAddon["options"] {
  if (!options) return [];
  const kept = new Set(options.map((option) => option.id));
  return addon.options.filter((option) => !kept.has(option.id));
}

/** Changes an add-on's fields and, when sent, its whole list of options; answers the add-on after. */
export async function updateAdminAddon(db: Db, store: Store, addonId: number, body: UpdateAdminAddonBody): Promise<AdminAddon> {
  if (body.options) checkCurrencies(store, body.options);
  const { options, ...fields } = body;
  const outcome = await updateAddon(db, {
    storeId: store.id,
    addonId,
    fields: Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(options ? { options } : {}),
  });
  if (outcome === "not_found") throw new AppError("addon_not_found", "No add-on of this store has this id");
  if (outcome === "option_not_found") throw new AppError("addon_option_not_found", { field: "body.options" });
  return requireAdminAddon(db, store.id, addonId);
}
