/** One area's English texts: keys prefixed with the area's name ("account.orders.title"), {placeholders} in the text. */
export type MessageSet = Readonly<Record<string, string>>;
export type Params = Readonly<Record<string, string | number>>;

function fill(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The `t` of one area's message set: its keys are checked when the code compiles, and a page's scripts carry
 * only the sets its modules import, not the whole catalogue (messages.ts merges them for the type and tests).
 */
export function translator<const Set extends MessageSet>(set: Set): (key: keyof Set & string, params?: Params) => string {
  return (key, params) => fill(set[key]!, params);
}

const warned = new Set<string>();

/**
 * The message for a key made at run time (e.g. from a status code), or undefined when the set has no such
 * key, so the caller can fall back. A missing key is logged once, as a warning: it is a
 * text the shop forgot, not a failure of the page.
 */
export function lookUpMessage(set: MessageSet, key: string, params?: Params): string | undefined {
  const template = Object.hasOwn(set, key) ? set[key] : undefined;
  if (template !== undefined) return fill(template, params);
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(`[i18n] Missing message "${key}": a fallback is shown.`);
  }
  return undefined;
}

/**
 * A message around one {placeholder} that is an element rather than text (a link): the text before it and
 * after it, e.g. `const [before, after] = textAround(t("search.did_you_mean"), "term")`.
 */
export function textAround(message: string, name: string): [before: string, after: string] {
  const at = message.indexOf(`{${name}}`);
  return at < 0 ? [message, ""] : [message.slice(0, at), message.slice(at + name.length + 2)];
}
