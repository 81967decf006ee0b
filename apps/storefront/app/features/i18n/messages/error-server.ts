import { translator, type MessageSet } from "../translator";

/** The server's fallbacks when a refusal has no words of its own (lib/api-failure.ts, lib/form-intents.server.ts). */
export const serverErrorMessages = {
  "error.api_failed": "Something went wrong. Please try again.",
  "error.item_not_found": "That item could not be found.",
} as const satisfies MessageSet;

export const t = translator(serverErrorMessages);
