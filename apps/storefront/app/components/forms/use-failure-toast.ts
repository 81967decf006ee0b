import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import type { FormFailure } from "./form-errors";

/**
 * A failed call shows the first item of its errors list as an error toast. The form also
 * shows every error in place, which is what a visitor without JavaScript sees.
 */
export function useFailureToast(failure: FormFailure | undefined) {
  useEffect(() => {
    const first = failure?.errors[0];
    if (first) toast.error(first.message);
  }, [failure]);
}
