import { useHydrated } from "@quire/web-kit/use-hydrated";
import { useEffect, useRef } from "react";

/** The form's checkboxes called `name`. */
function boxesOf(form: HTMLFormElement, name: string): HTMLInputElement[] {
  return [...form.elements].filter((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name === name);
}

/**
 * A list's "select all" checkbox, for the column of row checkboxes called `name` in the same form: ticks or clears them
 * all, and shows whether all, some (mixed) or none are ticked as the person ticks rows. It needs JavaScript, so
 * without it the header cell only names the column, and the rows are ticked one by one.
 */
export function SelectAllBox({ name, label }: { name: string; label: string }) {
  const hydrated = useHydrated();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const all = box.current;
    const form = all?.form;
    if (!all || !form) return;
    const follow = () => {
      const boxes = boxesOf(form, name);
      const ticked = boxes.filter((row) => row.checked).length;
      all.checked = ticked > 0 && ticked === boxes.length;
      all.indeterminate = ticked > 0 && ticked < boxes.length;
    };
    follow();
    form.addEventListener("change", follow);
    return () => form.removeEventListener("change", follow);
  }, [hydrated, name]);
  if (!hydrated) return <span className="sr-only">Select</span>;
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={label}
      className="size-4"
      onChange={(event) => {
        const { form, checked } = event.currentTarget;
        if (form) for (const row of boxesOf(form, name)) row.checked = checked;
      }}
    />
  );
}
