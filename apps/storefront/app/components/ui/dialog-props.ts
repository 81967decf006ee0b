import type { ReactNode } from "react";
import type { IconName } from "./icon";

/** What a dialog takes: shared by dialog.tsx and its lazily loaded modal, dialog-modal.tsx. */
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
