import type { OrderStatus } from "@quire/contracts";
import { orderStatusText, type StatusTone } from "./order-status";

const TONES: Record<StatusTone, string> = {
  waiting: "bg-warning-soft text-warning",
  progress: "bg-info-soft text-info",
  done: "bg-success-soft text-success",
  cancelled: "bg-sunk text-ink-muted",
};

const DOTS: Record<StatusTone, string> = {
  waiting: "bg-warning",
  progress: "bg-info",
  done: "bg-success",
  cancelled: "bg-ink-muted",
};

/** An order's status as a small coloured label (the colour repeats the words; it never replaces them). */
export function OrderStatusBadge({ status, className = "" }: { status: OrderStatus; className?: string }) {
  return <StatusBadge {...orderStatusText(status)} className={className} />;
}

/** A status (an order's, a return's) as a small coloured label: the colour repeats the words, never replaces them. */
export function StatusBadge({ label, tone, className = "" }: { label: string; tone: StatusTone; className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${TONES[tone]} ${className}`}
    >
      <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${DOTS[tone]}`} />
      {label}
    </span>
  );
}
