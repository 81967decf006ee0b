/**
 * The tag manager's container id: "GTM-" and then uppercase letters or digits. Anything else
 * is refused with the form it most likely meant, so a merchant who typed `gtm-ab12` reads "GTM-AB12".
 */
const TAG_MANAGER_ID = /^GTM-[A-Z0-9]+$/;

/** The invalid-ID error: names the value refused and a corrected form to use instead. */
export class InvalidTagManagerIdError extends Error {
  readonly suggestion: string | null;
  constructor(readonly value: string) {
    const suggestion = suggestTagManagerId(value);
    super(
      `Invalid tag-manager ID "${value}": it must be GTM- followed by uppercase letters or digits` +
        (suggestion ? `. Did you mean "${suggestion}"?` : "."),
    );
    this.name = "InvalidTagManagerIdError";
    this.suggestion = suggestion;
  }
}

/**
 * The corrected form of a mistyped id: upper case, without spaces or stray punctuation, with the "GTM-" prefix
 * (added when missing). Null when nothing of an id is left to suggest.
 */
export function suggestTagManagerId(value: string): string | null {
  const body = value
    .trim()
    .toUpperCase()
    .replace(/^GTM[^A-Z0-9]*/, "")
    .replace(/[^A-Z0-9]/g, "");
  return body ? `GTM-${body}` : null;
}

/** The id as it is when valid; otherwise throws InvalidTagManagerIdError with the suggestion. */
export function parseTagManagerId(value: string): string {
  if (TAG_MANAGER_ID.test(value)) return value;
  throw new InvalidTagManagerIdError(value);
}
