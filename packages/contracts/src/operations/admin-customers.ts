import type { Operation } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import {
  AdminCompanyParamsSchema,
  AdminCompanyResponseSchema,
  AdminCustomerParamsSchema,
  AdminCustomerResponseSchema,
  AdminListCompaniesQuerySchema,
  AdminListCompaniesResponseSchema,
  AdminListCustomersQuerySchema,
  AdminListCustomersResponseSchema,
  InviteTradeBuyerBodySchema,
  SetCustomerSignInBodySchema,
  TradeInvitationResponseSchema,
} from "../admin-customers";

/** The merchant's customers and their companies (admin API, permission `customers`). */
export const adminCustomerOperations = {
  listAdminCustomers: {
    method: "GET",
    path: "/admin/customers",
    query: AdminListCustomersQuerySchema,
    response: AdminListCustomersResponseSchema,
  },
  getAdminCustomer: {
    method: "GET",
    path: "/admin/customers/:id",
    params: AdminCustomerParamsSchema,
    response: AdminCustomerResponseSchema,
  },
  setCustomerSignIn: {
    method: "PUT",
    path: "/admin/customers/:id/sign-in",
    params: AdminCustomerParamsSchema,
    body: SetCustomerSignInBodySchema,
    response: AdminCustomerResponseSchema,
  },
  inviteTradeBuyer: {
    method: "POST",
    path: "/admin/customers/invitations",
    headers: IdempotentCallHeadersSchema,
    body: InviteTradeBuyerBodySchema,
    response: TradeInvitationResponseSchema,
    status: 201,
  },
  listAdminCompanies: {
    method: "GET",
    path: "/admin/companies",
    query: AdminListCompaniesQuerySchema,
    response: AdminListCompaniesResponseSchema,
  },
  getAdminCompany: {
    method: "GET",
    path: "/admin/companies/:id",
    params: AdminCompanyParamsSchema,
    response: AdminCompanyResponseSchema,
  },
} as const satisfies Record<string, Operation>;
