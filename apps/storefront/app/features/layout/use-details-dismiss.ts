import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * Progressive enhancement for the <details> disclosures of the header (navigation groups, mobile menu):
 * they work without JavaScript; with it, they also close on navigation, on a click elsewhere and on
 * Escape (returning focus to their summary), as a disclosure navigation should.
 */
export function useDetailsDismiss(rootRef: RefObject<HTMLElement | null>) {
  const location = useLocation();

  useEffect(() => {
    for (const details of rootRef.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []) details.open = false;
  }, [location.key, rootRef]);

  useEffect(() => {
    const openDetails = () => [...(rootRef.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? [])];
    const onPointerDown = (event: PointerEvent) => {
      for (const details of openDetails()) if (!details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Close the innermost open disclosure around the focus, or else the last one opened.
      const open = openDetails();
      const around = open.filter((details) => details.contains(document.activeElement)).pop() ?? open.pop();
      if (!around) return;
      around.open = false;
      around.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [rootRef]);
}
