import { tryTranslate } from "~/features/i18n/translate";

export interface ErrorPageTexts {
  status: number;
  title: string;
  description: string;
  actionLabel: string;
  actionHref: string;
}

/**
 * What the error page says (spec sections 2 and 8): texts from error.{status}_title/_desc/_action with a
 * generic fallback; a 404 names the path ('Page Not Found: {path}'). The action goes to / for status 500
 * and to /store otherwise.
 */
export function getErrorPageTexts(status: number, path: string): ErrorPageTexts {
  const text = (part: "title" | "desc" | "action") =>
    tryTranslate(`error.${status}_${part}`, { path }) ?? tryTranslate(`error.generic_${part}`, { path }) ?? "";
  return {
    status,
    title: text("title"),
    description: text("desc"),
    actionLabel: text("action"),
    actionHref: status === 500 ? "/" : "/store",
  };
}
