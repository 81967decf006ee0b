import { translator, type MessageSet } from "../translator";
import { accountMessages } from "./account";

/**
 * The account's texts only the server uses (its actions' refusals and toasts, features/account/*.server.ts):
 * kept out of messages/account.ts, which goes into the account pages' scripts. Its `t` has both sets.
 */
export const accountServerMessages = {
  "account.return_form.reason_missing": "Choose why you are sending the items back.",
  "account.return_form.resolution_missing": "Choose what you would like instead.",
  "account.order_detail.cancelled": "Order {id} has been cancelled.",
  "account.settings.details_saved": "Your details have been saved.",
  "account.settings.unsubscribed": "You're unsubscribed from our newsletters.",
  "account.settings.newsletters_saved": "Your newsletters have been saved: {topics}.",
  "account.settings.password_changed": "Your password has been changed.",
  "account.settings.deletion_link_sent": "We've emailed {email} a link to delete your account. It works once, for {hours} hours.",
  "account.addresses.not_found": "That address could not be found.",
  "account.addresses.added": "The address has been added to your address book.",
  "account.addresses.saved": "The address has been saved.",
  "account.addresses.company_added": "The address has been added to your company's addresses.",
  "account.addresses.deleted": "The address has been deleted.",
  "account.addresses.default_delivery_changed": "Your default delivery address has been changed.",
  "account.addresses.default_billing_changed": "Your default billing address has been changed.",
  "account.return_form.requested": "Return {id} has been requested. Here is what happens next.",
} as const satisfies MessageSet;

export const t = translator({ ...accountMessages, ...accountServerMessages });
