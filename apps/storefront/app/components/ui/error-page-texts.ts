import { errorMessages } from "~/lib/i18n/messages/error";
import { lookUpMessage } from "~/lib/i18n/translator";

export interface ErrorPageTexts {
  status: number;
  title: string;
  description: string;
  actionLabel: string;
  actionHref: string;
}

/**
 * What the error page says (docs/storefront-behaviour/errors-and-edge-cases.md): texts from
 * error.{status}_title/_desc/_action with a generic fallback (a status without its own texts logs a warning once); a
 * 404 names the path ('Page Not Found: {path}'). The action goes to / for status 500 and to /store otherwise. Only the
 * error set is looked in, so every page's scripts carry the error texts and no others.
 */
export function getErrorPageTexts(status: number, path: string): ErrorPageTexts {
  const text = (part: "title" | "desc" | "action") =>
    lookUpMessage(errorMessages, `error.${status}_${part}`, { path }) ??
    lookUpMessage(errorMessages, `error.generic_${part}`, { path }) ??
    "";
  return {
    status,
    title: text("title"),
    description: text("desc"),
    actionLabel: text("action"),
    actionHref: status === 500 ? "/" : "/store",
  };
}
