import type { Operation } from "./operation";
import {
  AdminErasureBodySchema,
  ErasureConfirmBodySchema,
  ErasureRequestedResponseSchema,
  PersonalDataErasureResponseSchema,
} from "../data-erasure";

/** Erasing a person's data (decision 063): the customer's own, confirmed by an emailed link, and the merchant's for an email address. */
export const dataErasureOperations = {
  erasePersonalData: {
    method: "POST",
    path: "/admin/customers/erasures",
    body: AdminErasureBodySchema,
    response: PersonalDataErasureResponseSchema,
  },
  requestErasure: {
    method: "POST",
    path: "/customers/erasure-request",
    response: ErasureRequestedResponseSchema,
    status: 202,
  },
  confirmErasure: {
    method: "POST",
    path: "/customers/erasure-request/confirm",
    body: ErasureConfirmBodySchema,
    response: PersonalDataErasureResponseSchema,
  },
} as const satisfies Record<string, Operation>;
