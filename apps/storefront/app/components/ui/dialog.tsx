import { lazy, Suspense, useState } from "react";
import type { DialogProps } from "./dialog-props";

export type { DialogProps } from "./dialog-props";

// React Aria's modal code (focus scope, overlay, scroll lock) is a fair part of a page's scripts, and most
// visits never open a dialog: it loads the first time one opens, and stays for the next.
const DialogModal = lazy(() => import("./dialog-modal"));

/**
 * A modal dialog (dialog-modal.tsx): focus is trapped inside and restored on close, Escape closes, the page
 * behind is inert and does not scroll. Header with title, optional subtitle and icon and a close button;
 * content; footer. Overlay and panel stack in the shop's stacking order (overlay 1000, modal 1100). It
 * is fixed in place, never draggable. Nothing is rendered, or loaded, until it first opens; while its code
 * loads (a moment, once) focus stays where it was, on what opened it, and moves into the dialog as it shows.
 * Dialogs need JavaScript: every one has a page or inline version for visitors without it.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogModal {...props} />
    </Suspense>
  );
}
