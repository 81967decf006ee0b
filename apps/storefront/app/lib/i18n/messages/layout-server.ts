import { translator, type MessageSet } from "../translator";

/** The shell's texts only the server words: the preferences form's refusal (routes/preferences.ts). */
export const layoutServerMessages = {
  "layout.preferences.unavailable": "That currency or country isn't available in this shop.",
} as const satisfies MessageSet;

export const t = translator(layoutServerMessages);
