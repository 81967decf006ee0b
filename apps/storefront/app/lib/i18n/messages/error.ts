import { translator, type MessageSet } from "../translator";

/**
 * The error page: error.{status}_title/_desc/_action; {path} is filled for 404s
 * (docs/storefront-behaviour/errors-and-edge-cases.md).
 */
export const errorMessages = {
  "error.generic_title": "Something went wrong",
  "error.generic_desc": "We couldn't show this page. Please try again, or carry on browsing the shop.",
  "error.generic_action": "Go to the shop",
  "error.400_title": "That request didn't look right",
  "error.400_desc": "Something in the address or the form wasn't valid. Please check it and try again.",
  "error.400_action": "Go to the shop",
  "error.401_title": "Please sign in",
  "error.401_desc": "You need to be signed in to see this page.",
  "error.401_action": "Go to the shop",
  "error.403_title": "You can't open this page",
  "error.403_desc": "Your account doesn't have access to this page.",
  "error.403_action": "Go to the shop",
  "error.404_title": "We couldn't find that page",
  "error.404_desc": "Page Not Found: {path}",
  "error.404_action": "Browse the shop",
  "error.500_title": "Something went wrong on our side",
  "error.500_desc": "We've noted the problem. Please try again in a moment.",
  "error.500_action": "Back to the home page",
  "error.503_title": "We'll be back shortly",
  "error.503_desc": "We will be open again in a moment. Your basket is safe.",
  "error.503_action": "Go to the shop",
  // Before the title, for screen readers: "Error 404: We couldn't find that page".
  "error.status_prefix": "Error {status}: ",
} as const satisfies MessageSet;

export const t = translator(errorMessages);
