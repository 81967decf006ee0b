/*
 * What other modules ask of a customer account: its email, its trade company, a lock on its row for changes to
 * what the customer owns, and the marketing consent kept with the newsletters.
 */
export {
  findStoreCustomerEmail as findCustomerEmail,
  findTradeCompany,
  findTradeStatus,
  lockCompanyRow as lockCompany,
  lockCustomerRow as lockCustomer,
  setMarketingOptInByEmail,
} from "./identity.repository";
