import { translator, type MessageSet } from "../translator";

/** Content pages' texts only the server uses: the home page a shop gets before its editors write one (routes/home.tsx). */
export const contentServerMessages = {
  "content.home.description": "Gift books for every reader and every occasion from {store}.",
  "content.home.welcome": "Welcome to {store}",
  "content.home.text": "Find the right book for everyone you know.",
  "content.home.link": "Browse the shop",
} as const satisfies MessageSet;

export const t = translator(contentServerMessages);
