import { translator, type MessageSet } from "../translator";

/** The primitives of components/ui: buttons' and landmarks' names, screen-reader words. */
export const uiMessages = {
  "ui.breadcrumbs.label": "Breadcrumb",
  "ui.dialog.close": "Close",
  "ui.dialog.cancel": "Cancel",
  "ui.pagination.label": "Pagination",
  "ui.pagination.previous": "Previous",
  "ui.pagination.next": "Next",
  // Read before a page number: "Page 3".
  "ui.pagination.page_prefix": "Page ",
  "ui.price.from": "From",
  // Read before the amounts: "Sale price £8.00, Was £10.00".
  "ui.price.sale_prefix": "Sale price ",
  "ui.price.was_prefix": "Was ",
  // Beside a sale: the lowest price of the 30 days before the reduction (the EU price indication rule).
  "ui.price.lowest_prior": "Lowest price in the 30 days before the sale: {amount}",
  "ui.field.optional": " (optional)",
  // Read before a field's error: "Error: Enter your email address".
  "ui.field.error_prefix": "Error: ",
  "ui.toast.region": "Notifications",
  "ui.toast.dismiss": "Dismiss",
  // Read before a toast's message: "Success: …".
  "ui.toast.kind_prefix": "{kind}: ",
  "ui.toast.success": "Success",
  "ui.toast.info": "Information",
  "ui.toast.warn": "Warning",
  "ui.toast.error": "Error",
} as const satisfies MessageSet;

export const t = translator(uiMessages);
