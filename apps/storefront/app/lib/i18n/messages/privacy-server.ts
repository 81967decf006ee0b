import { translator, type MessageSet } from "../translator";

/** The privacy policy's acceptance, as only its action words it. */
export const privacyServerMessages = {
  "privacy.not_found": "That privacy policy could not be found.",
  "privacy.thanks": "Thank you for accepting our privacy policy.",
} as const satisfies MessageSet;

export const t = translator(privacyServerMessages);
