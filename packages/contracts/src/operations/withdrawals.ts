import type { Operation } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import {
  AdminWithdrawalParamsSchema,
  AdminWithdrawalResponseSchema,
  AdminWithdrawalsQuerySchema,
  AdminWithdrawalsResponseSchema,
  CreateWithdrawalBodySchema,
  WithdrawableOrderResponseSchema,
  WithdrawalOrderBodySchema,
  WithdrawalResponseSchema,
} from "../withdrawals";

/** Withdrawing from an order (decision 061): the buyer's two steps, and the merchant's view and refund. */
export const withdrawalOperations = {
  getWithdrawableOrder: {
    method: "POST",
    path: "/withdrawals/order",
    body: WithdrawalOrderBodySchema,
    response: WithdrawableOrderResponseSchema,
  },
  createWithdrawal: {
    method: "POST",
    path: "/withdrawals",
    headers: IdempotentCallHeadersSchema,
    body: CreateWithdrawalBodySchema,
    response: WithdrawalResponseSchema,
    status: 201,
  },

  listAdminWithdrawals: {
    method: "GET",
    path: "/admin/withdrawals",
    query: AdminWithdrawalsQuerySchema,
    response: AdminWithdrawalsResponseSchema,
  },
  getAdminWithdrawal: {
    method: "GET",
    path: "/admin/withdrawals/:id",
    params: AdminWithdrawalParamsSchema,
    response: AdminWithdrawalResponseSchema,
  },
  receiveWithdrawal: {
    method: "PUT",
    path: "/admin/withdrawals/:id/receive",
    params: AdminWithdrawalParamsSchema,
    response: AdminWithdrawalResponseSchema,
  },
  refundWithdrawal: {
    method: "PUT",
    path: "/admin/withdrawals/:id/refund",
    params: AdminWithdrawalParamsSchema,
    response: AdminWithdrawalResponseSchema,
  },
} as const satisfies Record<string, Operation>;
