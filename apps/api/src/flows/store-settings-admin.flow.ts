import type { UpdateAdminStoreSettingsBody } from "@quire/contracts";
import type { Db } from "../db/client";
import { changedFields, recordAdminWrite, type AdminWrite } from "../modules/audit/audit.service";
import { updateStoreSettings } from "../modules/stores/stores-admin.service";

/** The merchant changes the store's settings: the change and its audit entry, in one transaction (decision 050). */
export async function updateStoreSettingsFlow(db: Db, write: AdminWrite, body: UpdateAdminStoreSettingsBody) {
  return db.transaction(async (tx) => {
    const { before, after } = await updateStoreSettings(tx, write.storeId, body);
    const changes = changedFields(before, after);
    if (changes) await recordAdminWrite(tx, write, { type: "settings", id: null, changes });
    return after;
  });
}
