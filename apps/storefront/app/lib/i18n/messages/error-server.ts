import { translator, type MessageSet } from "../translator";

/** The server's fallbacks when a refusal has no words of its own (lib/api-failure.ts, lib/form-intents.server.ts). */
export const serverErrorMessages = {
  "error.api_failed": "Something went wrong. Please try again.",
  "error.item_not_found": "That item could not be found.",
  "error.api_unreachable": "The shop is unavailable for a moment. Please try again shortly.",
} as const satisfies MessageSet;

export const t = translator(serverErrorMessages);
