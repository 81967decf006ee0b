import type { ReorderResponse } from "@quire/contracts";
import type { ToastMessage } from "~/components/ui/toast";

/**
 * The toast "Buy again" lands on the basket with: how many books were added, and, when some lines could not
 * be added as ordered, a pointer to the basket's notices, which say which and why line by line (a toast is
 * too short-lived and too small for a list).
 */
export function reorderToastOf(answer: Pick<ReorderResponse["data"], "addedQuantity" | "linesNotAdded">): ToastMessage {
  const { addedQuantity, linesNotAdded } = answer;
  if (addedQuantity === 0) {
    return { kind: "warn", message: "Nothing from this order could be added to your basket. Your basket says why." };
  }
  const added = `Added ${addedQuantity} ${addedQuantity === 1 ? "item" : "items"} from this order to your basket.`;
  if (linesNotAdded.length === 0) return { kind: "success", message: added };
  const some = linesNotAdded.length === 1 ? "One item" : `${linesNotAdded.length} items`;
  return { kind: "warn", message: `${added} ${some} could not be added as ordered; your basket says why.` };
}
