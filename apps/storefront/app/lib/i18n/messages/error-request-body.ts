import type { MessageSet } from "../translator";

/**
 * The pages that refuse a request body before any action runs (lib/request-body.server.ts): too large (413), not
 * a web form (415). Only the server renders them: kept out of the error page's set (messages/error.ts), which is
 * in every page's scripts.
 */
export const requestBodyErrorMessages = {
  "error.body_too_large_title": "That form was too large",
  "error.body_too_large_desc":
    "The shop takes forms of up to {limit}, so nothing was changed. Please shorten what you entered and try again.",
  "error.body_not_a_form_title": "The shop couldn't read that",
  "error.body_not_a_form_desc":
    "What was sent was not a form from one of the shop's pages, so nothing was changed. Please go back to the shop and try again there.",
  "error.body_refused_action": "Go to the shop",
} as const satisfies MessageSet;
