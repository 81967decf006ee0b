import type { ReactNode } from "react";
import { Icon, type IconName } from "~/components/ui/icon";
import type { FormError } from "./form-errors";

/**
 * The errors of a form that belong to no field, above the form. role="alert" announces them when they
 * appear; without JavaScript they are simply on the page the post answered.
 */
export function FormAlert({ errors, id }: { errors: readonly FormError[]; id?: string }) {
  if (errors.length === 0) return null;
  return (
    <div id={id} role="alert" className="flex gap-3 rounded-card border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-ink">
      <Icon name="warning" className="mt-0.5 size-5 shrink-0 text-danger" />
      <ul className="grid gap-1 font-medium">
        {errors.map((error) => (
          <li key={`${error.code}:${error.message}`}>{error.message}</li>
        ))}
      </ul>
    </div>
  );
}

const NOTICE_TONES: Record<"info" | "success" | "warn", { box: string; icon: IconName; colour: string }> = {
  info: { box: "border-info/40 bg-info-soft", icon: "info", colour: "text-info" },
  success: { box: "border-success/40 bg-success-soft", icon: "check", colour: "text-success" },
  warn: { box: "border-warning/40 bg-warning-soft", icon: "warning", colour: "text-warning" },
};

/** A notice above a form: why the shopper is here, or what happens next. */
export function FormNotice({ children, tone = "info", id }: { children: ReactNode; tone?: keyof typeof NOTICE_TONES; id?: string }) {
  const style = NOTICE_TONES[tone];
  return (
    <div id={id} className={`flex gap-3 rounded-card border px-4 py-3 text-sm text-ink ${style.box}`}>
      <Icon name={style.icon} className={`mt-0.5 size-5 shrink-0 ${style.colour}`} />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}
