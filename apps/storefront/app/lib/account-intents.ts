// The account pages' form intents (see form-intents.ts, whose INTENT_FIELD they are posted in).

/** /account/settings: the details form, the newsletters form, the password form and asking to delete the account. */
export const ACCOUNT_SETTINGS_INTENTS = {
  profile: "profile",
  newsletters: "newsletters",
  password: "password",
  deleteAccount: "delete-account",
} as const;

/** /account/orders/:id: cancelling the order, buying its books again (reorder), and returning some of them. */
export const ACCOUNT_ORDER_INTENTS = { cancel: "cancel", reorder: "reorder", returnItems: "return-items" } as const;

/** /account/addresses: the address book's forms, and the company's addresses. */
export const ACCOUNT_ADDRESSES_INTENTS = {
  add: "add",
  update: "update",
  delete: "delete",
  setDefault: "set-default",
  addCompany: "add-company",
} as const;
