import type { ReturnStatus } from "@quire/contracts";
import { StatusBadge } from "./order-status-badge";
import { returnStatusText } from "./return-status";

/** A return's status as a small coloured label, in the tones of an order's. */
export function ReturnStatusBadge({ status, className }: { status: ReturnStatus; className?: string }) {
  return <StatusBadge {...returnStatusText(status)} className={className} />;
}
