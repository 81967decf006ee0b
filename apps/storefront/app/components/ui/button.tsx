import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "md" | "sm";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-control font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-accent-ink hover:bg-accent-hover",
  secondary: "border border-line-strong bg-surface text-ink hover:border-ink hover:bg-sunk",
  ghost: "text-ink hover:bg-ink/5",
};
const SIZES: Record<ButtonSize, string> = {
  md: "min-h-input px-5 text-base",
  sm: "min-h-9 px-3 text-sm",
};

/** The classes of a button, for elements that must look like one (e.g. a React Aria Button in a dialog). */
export function buttonClass({ variant = "primary", size = "md" }: { variant?: ButtonVariant; size?: ButtonSize } = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * A native <button>, so forms submit without JavaScript. Like HTML, it submits by default inside a form:
 * pass type="button" for one that only runs a handler.
 */
export function Button({ variant, size, className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps) {
  return <button {...props} className={`${buttonClass({ variant, size })} ${className}`} />;
}

/** A link that looks like a button. */
export function ButtonLink({ variant, size, className = "", ...props }: LinkProps & StyleProps) {
  return <Link {...props} className={`${buttonClass({ variant, size })} ${className}`} />;
}

/** The look of an inline text link. */
export const textLinkClass = "font-medium text-accent underline decoration-1 underline-offset-3 hover:decoration-2";
