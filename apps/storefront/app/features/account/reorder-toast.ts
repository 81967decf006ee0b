import type { ReorderResponse } from "@quire/contracts";
import type { ToastMessage } from "~/components/ui/toast";
import { t } from "~/lib/i18n/messages/account";

/**
 * The toast "Buy again" lands on the basket with: how many books were added, and, when some lines could not
 * be added as ordered, a pointer to the basket's notices, which say which and why line by line (a toast is
 * too short-lived and too small for a list).
 */
export function reorderToastOf(answer: Pick<ReorderResponse["data"], "addedQuantity" | "linesNotAdded">): ToastMessage {
  const { addedQuantity, linesNotAdded } = answer;
  if (addedQuantity === 0) {
    return { kind: "warn", message: t("account.reorder.nothing_added") };
  }
  const added = addedQuantity === 1 ? t("account.reorder.added_one") : t("account.reorder.added", { count: addedQuantity });
  if (linesNotAdded.length === 0) return { kind: "success", message: added };
  const message =
    linesNotAdded.length === 1
      ? t("account.reorder.some_not_added_one", { added })
      : t("account.reorder.some_not_added", { added, count: linesNotAdded.length });
  return { kind: "warn", message };
}
