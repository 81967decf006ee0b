import { translator, type MessageSet } from "../translator";

/** The page of the emailed link that deletes a customer's account (routes/account-delete.tsx, decision 063). */
export const accountDeletionMessages = {
  "account_deletion.title": "Delete your account",
  "account_deletion.intro": "Confirm to delete your account and erase your personal data. This can't be undone.",
  "account_deletion.erased": "What is erased",
  "account_deletion.erased_details": "Your name, email address, phone number and password",
  "account_deletion.erased_lists": "Your addresses, wishlists and recently viewed books",
  "account_deletion.erased_requests": "Your newsletters, back-in-stock requests and messages to us",
  "account_deletion.erased_sessions": "Every sign-in: you are signed out on every device",
  "account_deletion.kept": "What is kept",
  "account_deletion.kept_orders":
    "Your orders, returns and their invoices, which the tax law has us keep, without your name, email address or address (only the country stays).",
  "account_deletion.confirm": "Delete my account",
  "account_deletion.deleting": "Deleting…",
  "account_deletion.keep": "Keep my account",
  "account_deletion.deleted": "Your account has been deleted and your personal data erased.",
  "account_deletion.blocked": "We can't delete your account yet:",
  "account_deletion.blocked_next":
    "Once these are finished, or an unpaid order is cancelled, use this link again: it works until it expires.",
  "account_deletion.see_orders": "See your orders",
  "account_deletion.invalid_title": "This link to delete your account does not work",
  "account_deletion.invalid_text":
    "It may have been used already, or be incomplete. If you still have an account, sign in and ask for a new link in your account settings.",
  "account_deletion.expired_title": "This link to delete your account has expired",
  "account_deletion.expired_text":
    "Links to delete an account work for {hours} hours. Sign in and ask for a new one in your account settings.",
  "account_deletion.to_settings": "Go to your account settings",
} as const satisfies MessageSet;

export const t = translator(accountDeletionMessages);
