import { messages, type MessageKey } from "./messages";

type Params = Record<string, string | number>;

function fill(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The message for a known key, with {placeholders} filled from `params`. */
export function t(key: MessageKey, params?: Params): string {
  return fill(messages[key], params);
}

/** The message for a key built at run time (e.g. from a status code), or undefined so callers can fall back. */
export function tryTranslate(key: string, params?: Params): string | undefined {
  const template: string | undefined = (messages as Record<string, string>)[key];
  return template === undefined ? undefined : fill(template, params);
}
