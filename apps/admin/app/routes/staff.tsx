import { InviteStaffBodySchema, StaffRoleSchema } from "@quire/contracts";
import { STAFF_ROLES } from "@quire/contracts/constants";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { z } from "zod";
import type { Route } from "./+types/staff";
import { InlineSelect } from "~/components/settings-fields";
import { Button, Card, ErrorSummary, Field, PageHeader, RowRefusal, SelectField, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { refusalFor } from "~/lib/settings-refusal";
import { ROLE_DESCRIPTIONS } from "~/lib/staff-roles";

export const meta: Route.MetaFunction = () => [{ title: "Staff · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [{ data: staff }, { data: invitations }] = await pageRead(
    request,
    Promise.all([api.call("listStaff"), api.call("listStaffInvitations")]),
  );
  return { staff, invitations, myId: context.get(staffContext).id };
}

const MemberId = z.coerce.number().int().min(1).max(2_147_483_647);
const RoleForm = z.object({ id: MemberId, role: StaffRoleSchema });
const ActiveForm = z.object({ id: MemberId, active: z.enum(["true", "false"]).transform((value) => value === "true") });
const WithdrawForm = z.object({ id: MemberId, email: z.string().max(254) });

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "invite":
      return handleForm(form, InviteStaffBodySchema, async (body) => {
        const { data: invitation } = await api.call("inviteStaff", { body });
        return redirectWithMessage(request, "/staff", `Invitation mailed to ${invitation.email}: the link works for 72 hours.`);
      });
    case "role":
      return handleForm(form, RoleForm, async ({ id, role }) => {
        const { data: member } = await api.call("updateStaff", { params: { id }, body: { role } });
        return redirectWithMessage(request, "/staff", `${member.name} is now ${article(member.role)} ${member.role}.`);
      });
    case "active":
      return handleForm(form, ActiveForm, async ({ id, active }) => {
        const { data: member } = await api.call("updateStaff", { params: { id }, body: { active } });
        return redirectWithMessage(
          request,
          "/staff",
          member.active ? `${member.name} can sign in again.` : `${member.name} is deactivated and signed out everywhere.`,
        );
      });
    case "withdraw":
      return handleForm(form, WithdrawForm, async ({ id, email }) => {
        await api.call("withdrawStaffInvitation", { params: { id } });
        return redirectWithMessage(request, "/staff", `The invitation to ${email} is withdrawn: its link no longer works.`);
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

function article(role: string) {
  return /^[aeiou]/.test(role) ? "an" : "a";
}

export default function Staff() {
  const { staff, invitations, myId } = useLoaderData<typeof loader>();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  const answer = useActionData<typeof action>();
  const invite = refusalFor(answer, "invite");
  const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: role }));
  return (
    <>
      <PageHeader title="Staff">
        <Link to="/staff/tokens">API tokens</Link>
        <Link to="/audit-log">Audit log</Link>
      </PageHeader>
      <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Members of staff</caption>
          <thead className="border-b border-zinc-200 bg-zinc-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                Member
              </th>
              <th scope="col" className="px-3 py-2">
                Role
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Two-factor sign-in
              </th>
              <th scope="col" className="px-3 py-2">
                Last signed in
              </th>
              <th scope="col" className="px-3 py-2">
                Access
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => {
              const refusal = refusalFor(answer, "role", member.id) ?? refusalFor(answer, "active", member.id);
              return (
                <tr key={member.id} className="border-b border-zinc-100 align-top last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {member.name}
                    {member.id === myId ? " (you)" : ""}
                    <span className="block font-normal text-zinc-600">{member.email}</span>
                  </th>
                  <td className="px-3 py-2">
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="id" value={member.id} />
                      <InlineSelect
                        id={`role-${member.id}`}
                        name="role"
                        label={`Role of ${member.name}`}
                        options={roleOptions}
                        defaultValue={member.role}
                      />
                      <Button kind="secondary" name="intent" value="role">
                        Change role
                      </Button>
                    </Form>
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={member.active ? "active" : "deactivated"} />
                  </td>
                  <td className="px-3 py-2">{member.twoFactorEnabled ? "On" : "Off"}</td>
                  <td className="px-3 py-2">{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : "Never"}</td>
                  <td className="px-3 py-2">
                    {member.id === myId ? (
                      // Deactivating oneself would end one's own session at once: another owner does it.
                      <span className="text-zinc-600">Signed in now</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="id" value={member.id} />
                        <input type="hidden" name="active" value={member.active ? "false" : "true"} />
                        <Button kind={member.active ? "danger" : "secondary"} name="intent" value="active">
                          {member.active ? `Deactivate ${member.name}` : `Reactivate ${member.name}`}
                        </Button>
                      </Form>
                    )}
                    <RowRefusal refusal={refusal} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {invitations.length > 0 ? (
        <section aria-labelledby="waiting-invitations" className="mt-6">
          <h2 id="waiting-invitations" className="mb-2 text-lg font-semibold">
            Invitations waiting
          </h2>
          <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Invitations not yet accepted, newest first</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Person
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Role
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Sent
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Link works until
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Invitation
                  </th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((invitation) => {
                  const refusal = refusalFor(answer, "withdraw", invitation.id);
                  return (
                    <tr key={invitation.id} className="border-b border-zinc-100 align-top last:border-0">
                      <th scope="row" className="px-3 py-2 font-medium">
                        {invitation.name}
                        <span className="block font-normal text-zinc-600">{invitation.email}</span>
                      </th>
                      <td className="px-3 py-2">{invitation.role}</td>
                      <td className="px-3 py-2">{formatDateTime(invitation.createdAt)}</td>
                      <td className="px-3 py-2">{formatDateTime(invitation.expiresAt)}</td>
                      <td className="px-3 py-2">
                        <Form method="post">
                          <input type="hidden" name="id" value={invitation.id} />
                          <input type="hidden" name="email" value={invitation.email} />
                          <Button kind="danger" name="intent" value="withdraw">
                            Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
                          </Button>
                        </Form>
                        <RowRefusal refusal={refusal} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <div className="mt-6 grid max-w-5xl gap-4 lg:grid-cols-2">
        <Card title="Invite a member of staff">
          <ErrorSummary errors={invite?.errors} />
          {/* A new, empty form once an invitation is sent (the message names it). */}
          <Form key={flash ?? ""} method="post" className="flex flex-col gap-3" noValidate>
            <Field
              name="email"
              label="Email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={invite?.values.email}
              errors={invite?.errors}
            />
            <Field name="name" label="Name" required maxLength={100} defaultValue={invite?.values.name} errors={invite?.errors} />
            <SelectField
              name="role"
              label="Role"
              options={roleOptions}
              defaultValue={invite?.values.role ?? "manager"}
              errors={invite?.errors}
            />
            <p className="text-sm text-zinc-600">They get an email with a link to choose a password, valid for 72 hours.</p>
            <div>
              <Button name="intent" value="invite">
                Send the invitation
              </Button>
            </div>
          </Form>
        </Card>
        <Card title="What each role may do">
          <dl className="flex flex-col gap-2 text-sm">
            {STAFF_ROLES.map((role) => (
              <div key={role}>
                <dt className="font-semibold">{role}</dt>
                <dd>{ROLE_DESCRIPTIONS[role]}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </>
  );
}
