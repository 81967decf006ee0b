import { lazy, Suspense, useState, type ReactNode } from "react";
import type { IconName } from "./icon";

export interface DialogProps {
  isOpen: boolean;
  /** Escape, the close button and (unless an alert) a click outside call this; the caller decides what closing means. */
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: IconName;
  /** An alert dialog asks for a decision: a click outside does not close it. */
  role?: "dialog" | "alertdialog";
  /** Width of the panel as a max-width class; the panel never outgrows the screen. */
  widthClass?: string;
  children?: ReactNode;
  /** The action buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** Id of the element that describes the dialog, when it is not the subtitle (e.g. a confirm message). */
  describedBy?: string;
}

// React Aria's modal code (focus scope, overlay, scroll lock) is a fair part of a page's scripts, and most
// visits never open a dialog: it loads the first time one opens, and stays for the next.
const DialogModal = lazy(() => import("./dialog-modal"));

/**
 * A modal dialog (dialog-modal.tsx): focus is trapped inside and restored on close, Escape closes, the page
 * behind is inert and does not scroll. Header with title, optional subtitle and icon and a close button;
 * content; footer. Overlay and panel stack at the spec's z-index (section 9: overlay 1000, modal 1100). It
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
