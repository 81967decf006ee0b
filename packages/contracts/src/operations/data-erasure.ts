import type { Operation } from "./operation";
import { AdminErasureBodySchema, PersonalDataErasureResponseSchema } from "../data-erasure";

/** Erasing a person's data (decision 063): the merchant's, for an email address. */
export const dataErasureOperations = {
  erasePersonalData: {
    method: "POST",
    path: "/admin/customers/erasures",
    body: AdminErasureBodySchema,
    response: PersonalDataErasureResponseSchema,
  },
} as const satisfies Record<string, Operation>;
