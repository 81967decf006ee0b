import { type FocusEvent, type FormEvent, useState } from "react";

type CheckedField = HTMLInputElement | HTMLTextAreaElement;

/**
 * The browser's own check of a field (required, type, pattern, min and max, as its attributes say), written beside
 * the field in the place the server's error takes, once JavaScript runs: when the person leaves a field they have
 * typed in, or when a submit stops on it; and gone as soon as what they type passes. A field only tabbed through is
 * left alone. The server checks everything again and its answer is the word that counts; this only says sooner what
 * it would say. Without JavaScript the server's errors are the only ones, as before.
 */
export function useInlineValidation(serverError: string | undefined) {
  const [message, setMessage] = useState<string | null>(null);
  const [typedIn, setTypedIn] = useState(false);
  const check = (field: CheckedField) => setMessage(field.validity.valid ? null : field.validationMessage);
  return {
    /** What to show: the browser's finding on what is typed now, else the server's error on what was sent. */
    error: message ?? serverError,
    /** For the field's element. */
    events: {
      onInput: (event: FormEvent<CheckedField>) => {
        setTypedIn(true);
        if (message !== null) check(event.currentTarget);
      },
      onBlur: (event: FocusEvent<CheckedField>) => {
        if (typedIn) check(event.currentTarget);
      },
      onInvalid: (event: FormEvent<CheckedField>) => check(event.currentTarget),
    },
  };
}
