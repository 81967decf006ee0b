import { NoContentSchema, type Operation } from "./operation";
import {
  AcceptStaffInvitationBodySchema,
  ApiTokenListResponseSchema,
  ApiTokenParamsSchema,
  AuditLogQuerySchema,
  CompleteStaffSetUpBodySchema,
  CurrentStaffResponseSchema,
  AuditLogResponseSchema,
  ConfirmTwoFactorBodySchema,
  CreateApiTokenBodySchema,
  CreatedApiTokenResponseSchema,
  DisableTwoFactorBodySchema,
  InviteStaffBodySchema,
  StaffInvitationListResponseSchema,
  StaffInvitationParamsSchema,
  StaffInvitationResponseSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  StaffParamsSchema,
  StaffSecondFactorBodySchema,
  StaffSessionResponseSchema,
  StaffSetUpLinkResponseSchema,
  StaffSignInBodySchema,
  StaffSignInResponseSchema,
  TwoFactorSetupResponseSchema,
  UpdateStaffBodySchema,
} from "../staff";

/** The merchant's people and machines: staff sign-in, staff, API tokens, the audit log (decision 046). */
export const staffOperations = {
  // Signing in (no credential yet: StoreKey only).
  staffSignIn: { method: "POST", path: "/admin/auth/sign-in", body: StaffSignInBodySchema, response: StaffSignInResponseSchema },
  staffSecondFactor: {
    method: "POST",
    path: "/admin/auth/second-factor",
    body: StaffSecondFactorBodySchema,
    response: StaffSessionResponseSchema,
  },
  acceptStaffInvitation: {
    method: "POST",
    path: "/admin/auth/accept-invitation",
    body: AcceptStaffInvitationBodySchema,
    response: StaffSessionResponseSchema,
  },

  // The shop's first owner: a link asked for with a bootstrap key, then used without a credential.
  createStaffSetUpLink: { method: "POST", path: "/admin/auth/set-up-link", response: StaffSetUpLinkResponseSchema, status: 201 },
  completeStaffSetUp: {
    method: "POST",
    path: "/admin/auth/set-up",
    body: CompleteStaffSetUpBodySchema,
    response: StaffSessionResponseSchema,
  },

  // The signed-in member.
  staffSignOut: { method: "POST", path: "/admin/auth/sign-out", response: NoContentSchema, status: 204 },
  getCurrentStaff: { method: "GET", path: "/admin/auth/me", response: CurrentStaffResponseSchema },
  startTwoFactorSetup: { method: "POST", path: "/admin/auth/two-factor", response: TwoFactorSetupResponseSchema },
  confirmTwoFactor: {
    method: "PUT",
    path: "/admin/auth/two-factor",
    body: ConfirmTwoFactorBodySchema,
    response: StaffMemberResponseSchema,
  },
  disableTwoFactor: {
    method: "POST",
    path: "/admin/auth/two-factor/disable",
    body: DisableTwoFactorBodySchema,
    response: StaffMemberResponseSchema,
  },

  // Staff (owner).
  listStaff: { method: "GET", path: "/admin/staff", response: StaffListResponseSchema },
  inviteStaff: {
    method: "POST",
    path: "/admin/staff/invitations",
    body: InviteStaffBodySchema,
    response: StaffInvitationResponseSchema,
    status: 201,
  },
  listStaffInvitations: { method: "GET", path: "/admin/staff/invitations", response: StaffInvitationListResponseSchema },
  withdrawStaffInvitation: {
    method: "DELETE",
    path: "/admin/staff/invitations/:id",
    params: StaffInvitationParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  updateStaff: {
    method: "PUT",
    path: "/admin/staff/:id",
    params: StaffParamsSchema,
    body: UpdateStaffBodySchema,
    response: StaffMemberResponseSchema,
  },

  // API tokens (owner).
  listApiTokens: { method: "GET", path: "/admin/api-tokens", response: ApiTokenListResponseSchema },
  createApiToken: {
    method: "POST",
    path: "/admin/api-tokens",
    body: CreateApiTokenBodySchema,
    response: CreatedApiTokenResponseSchema,
    status: 201,
  },
  revokeApiToken: { method: "DELETE", path: "/admin/api-tokens/:id", params: ApiTokenParamsSchema, response: NoContentSchema, status: 204 },

  // The audit log (owner).
  listAuditLog: { method: "GET", path: "/admin/audit-log", query: AuditLogQuerySchema, response: AuditLogResponseSchema },
} as const satisfies Record<string, Operation>;
