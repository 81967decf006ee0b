import { useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { useNavigate } from "react-router";
import { SHORTCUTS_STORAGE_KEY, shortcutFor, sectionKeys, type ShortcutSection } from "~/lib/shortcuts";

/** How long after "g" the second key of a "go to" pair is awaited. */
const PAIR_WINDOW_MS = 1500;

/**
 * The member's choice kept in this browser. A browser that keeps nothing (storage turned off, some private windows
 * throw on any use of it) still has the shortcuts, and the switch still works for the page it is on.
 */
function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(SHORTCUTS_STORAGE_KEY);
  } catch {
    return null;
  }
}
function storeChoice(choice: "on" | "off") {
  try {
    window.localStorage.setItem(SHORTCUTS_STORAGE_KEY, choice);
  } catch {
    // Kept for this page only.
  }
}

/** Whether the key was meant for a field, a menu or the browser, not for the back office. */
function isForSomethingElse(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest("dialog[open]") !== null;
}

/**
 * The back office's keyboard shortcuts, with JavaScript: "g" then a section's letter goes to that section (only the
 * sections the member's role shows), "/" puts the cursor in the page's search box, "?" lists them. They are single
 * keys, so a person whose speech input or switch device types letters can turn them off (WCAG 2.1.4), from the
 * list; the choice is kept in this browser. Nothing here is needed: every shortcut is a link or a field on the page.
 * Without JavaScript the button and the list are not drawn.
 */
export function KeyboardShortcuts({ sections }: { sections: readonly ShortcutSection[] }) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const enhanced = useHydrated();
  // Read once in the browser (the server has no storage; the shortcuts only exist once hydrated anyway).
  const [enabled, setEnabled] = useState(() => typeof window === "undefined" || storedChoice() !== "off");
  const keys = useMemo(() => sectionKeys(sections), [sections]);

  useEffect(() => {
    if (!enabled) return;
    let awaitingPairUntil = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isForSomethingElse(event)) return;
      const shortcut = shortcutFor(event.key, Date.now() < awaitingPairUntil, keys);
      awaitingPairUntil = 0;
      if (!shortcut) return;
      event.preventDefault();
      if (shortcut.kind === "await-pair") awaitingPairUntil = Date.now() + PAIR_WINDOW_MS;
      else if (shortcut.kind === "go") void navigate(shortcut.to);
      else if (shortcut.kind === "help") dialog.current?.showModal();
      else document.querySelector<HTMLInputElement>('main input[type="search"]')?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled, keys, navigate]);

  if (!enhanced) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="text-left text-sm text-accent-700 underline"
        aria-keyshortcuts={enabled ? "Shift+?" : undefined}
      >
        Keyboard shortcuts
      </button>
      {/* On the body: the button's column is not drawn at a phone's width, and a dialog inside it would not be either. */}
      {createPortal(
        <dialog ref={dialog} aria-labelledby="shortcuts-title" className="m-auto max-w-md rounded-lg p-6 shadow-xl backdrop:bg-zinc-900/50">
          <h2 id="shortcuts-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <p className="mt-2 text-sm">Not while typing in a field. Press the keys one after the other.</p>
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Keys and what they do</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4 text-left">
                  Keys
                </th>
                <th scope="col" className="py-1 text-left">
                  Does
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className="py-1 pr-4">
                  <kbd>/</kbd>
                </td>
                <td>Search this page&apos;s list</td>
              </tr>
              {keys.map(({ key, section }) => (
                <tr key={section.to}>
                  <td className="py-1 pr-4">
                    <kbd>g</kbd> <kbd>{key}</kbd>
                  </td>
                  <td>Go to {section.label}</td>
                </tr>
              ))}
              <tr>
                <td className="py-1 pr-4">
                  <kbd>?</kbd>
                </td>
                <td>This list</td>
              </tr>
            </tbody>
          </table>
          <div className="mt-4 flex items-center gap-2">
            <input
              id="shortcuts-enabled"
              type="checkbox"
              checked={enabled}
              onChange={(event) => {
                setEnabled(event.currentTarget.checked);
                storeChoice(event.currentTarget.checked ? "on" : "off");
              }}
              className="h-5 w-5"
            />
            <label htmlFor="shortcuts-enabled" className="text-sm">
              Use these shortcuts in this browser
            </label>
          </div>
          <form method="dialog" className="mt-4">
            <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
              Close
            </button>
          </form>
        </dialog>,
        document.body,
      )}
    </>
  );
}
