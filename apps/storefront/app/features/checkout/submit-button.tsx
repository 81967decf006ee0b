import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { INTENT_FIELD } from "~/lib/form-intents";

/**
 * The form the page is posting now, from its submit until the page it leads to has loaded (the checkout's busy state:
 * docs/storefront-behaviour/checkout.md); undefined when none is. Without JavaScript the browser shows its own progress
 * and this stays undefined.
 */
export function usePostingForm(): FormData | undefined {
  const navigation = useNavigation();
  return navigation.formMethod?.toUpperCase() === "POST" ? navigation.formData : undefined;
}

/** Whether the form being posted is the one with this intent (and, for a line's forms, this line). */
export function isPosting(posting: FormData | undefined, intent: string, match: Record<string, string> = {}): boolean {
  if (!posting || posting.get(INTENT_FIELD) !== intent) return false;
  return Object.entries(match).every(([name, value]) => posting.get(name) === value);
}

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  /** This button's form is being posted: it says so (aria-busy) and may change its words. */
  pending: boolean;
  /** Another checkout form is being posted: this one waits, so two changes never cross. */
  waiting?: boolean;
  pendingLabel?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A submit button of the checkout: disabled while any of the page's forms is being posted, busy while its own is. */
export function SubmitButton({ pending, waiting = false, pendingLabel, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" {...props} disabled={disabled || pending || waiting} aria-busy={pending || undefined}>
      {pending ? (
        <>
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
          {pendingLabel ?? children}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
