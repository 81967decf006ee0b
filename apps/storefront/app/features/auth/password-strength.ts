import { estimatePasswordStrength, PASSWORD_MIN_LENGTH, type PasswordStrength } from "@quire/contracts/constants";
import { t } from "~/lib/i18n/messages/auth";

/** How the indicator shows a strength: weak in red, medium in orange, strong in green, in words too. */
export const STRENGTH_DISPLAY: Record<PasswordStrength, { label: string; bar: string; text: string; filled: number }> = {
  weak: { label: t("auth.password.weak"), bar: "bg-danger", text: "text-danger", filled: 1 },
  medium: { label: t("auth.password.medium"), bar: "bg-warning", text: "text-warning", filled: 2 },
  strong: { label: t("auth.password.strong"), bar: "bg-success", text: "text-success", filled: 3 },
};

/** What the indicator says about a password typed so far; null while the field is empty. */
export function describePasswordStrength(password: string, context: readonly string[] = []) {
  if (password.length === 0) return null;
  const strength = estimatePasswordStrength(password, [...context]);
  const advice =
    password.length < PASSWORD_MIN_LENGTH
      ? t("auth.password.too_short", { min: PASSWORD_MIN_LENGTH })
      : strength === "strong"
        ? t("auth.password.good")
        : t("auth.password.advice");
  return { strength, ...STRENGTH_DISPLAY[strength], advice };
}
