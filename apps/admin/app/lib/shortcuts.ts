/** A section of the back office's navigation, as the layout lists it for the member's role. */
export interface ShortcutSection {
  to: string;
  label: string;
}

/** Where the on/off choice of the shortcuts is kept, in the browser's local storage. */
export const SHORTCUTS_STORAGE_KEY = "quire-back-office-shortcuts";

/** The letter after "g" for each section that has one: its initial where free, else a letter of its word. */
const SECTION_LETTERS: Readonly<Record<string, string>> = {
  "/": "h",
  "/orders": "o",
  "/refunds": "f",
  "/returns": "r",
  "/withdrawals": "w",
  "/stock": "i",
  "/products": "p",
  "/categories": "k",
  "/discounts": "d",
  "/customers": "c",
  "/content": "n",
  "/settings": "s",
  "/audit-log": "l",
};

/** The "g" pairs of the member's sections, in the navigation's order. */
export function sectionKeys(sections: readonly ShortcutSection[]): { key: string; section: ShortcutSection }[] {
  return sections.flatMap((section) => {
    const key = SECTION_LETTERS[section.to];
    return key ? [{ key, section }] : [];
  });
}

export type Shortcut = { kind: "await-pair" } | { kind: "go"; to: string } | { kind: "search" } | { kind: "help" };

/**
 * What a key pressed outside any field asks for: after "g" (within its window), a section's letter goes there and any
 * other key ends the pair; otherwise "g" starts a pair, "/" searches, "?" lists the shortcuts. Null: not a shortcut.
 */
export function shortcutFor(
  key: string,
  awaitingPair: boolean,
  keys: readonly { key: string; section: ShortcutSection }[],
): Shortcut | null {
  if (awaitingPair) {
    const pair = keys.find((candidate) => candidate.key === key);
    return pair ? { kind: "go", to: pair.section.to } : null;
  }
  if (key === "g") return { kind: "await-pair" };
  if (key === "/") return { kind: "search" };
  if (key === "?") return { kind: "help" };
  return null;
}
