import { EmailedTokenSchema, type ApiErrorCode } from "@quire/contracts";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { AuthPage, AuthPanel } from "~/features/auth/auth-panel";
import { getLinkProblemTexts, linkProblemOf } from "~/features/auth/emailed-link";
import { getLinkStatus, unusableLinkPage } from "~/features/auth/emailed-link.server";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, formText, type FormError } from "~/components/forms/form-errors";
import { InviteCompleteFormSchema } from "~/features/auth/auth-forms.server";
import { failedForm, rejectedForm } from "~/components/forms/form-failure.server";
import { parseForm } from "~/lib/form-intents.server";
import { LinkProblem } from "~/features/auth/link-problem";
import { PasswordField } from "~/features/auth/password-field";
import { PrivacyConsent } from "~/features/auth/privacy-consent";
import { getCurrentPrivacyPolicy } from "~/features/auth/privacy-policy.server";
import { TextField } from "~/components/forms/text-field";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { createApiClient } from "~/lib/api.server";
import { completeSignIn } from "~/features/auth/auth.server";
import { callerContext } from "~/lib/context.server";
import { requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/auth-invite-complete";
import { t } from "~/lib/i18n/messages/auth";

const ParamsSchema = z.object({ token: EmailedTokenSchema });
const FIELDS = ["firstName", "lastName", "password", "privacyPolicyId"] as const;
// Named by the catalogue's code for a privacy policy not accepted, as the API names that state.
const CONSENT_MISSING: FormError = {
  code: "privacy_policy_not_accepted" satisfies ApiErrorCode,
  message: t("auth.invite.consent_missing"),
  field: "privacyPolicyId",
};

/**
 * /auth/invite/complete/:token: a trade buyer the shop invited opens their account. A malformed token is a
 * 404; an accepted or expired invitation says so at once (410), an unknown one too (404).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const api = createApiClient(context.get(callerContext));
  const [link, policy] = await Promise.all([getLinkStatus(api, "invite", token), getCurrentPrivacyPolicy(api)]);
  if (link !== "valid") return unusableLinkPage(link);
  return { linkProblem: null, privacyPolicyId: policy?.id ?? null };
}

/**
 * Completes the invite (PUT /auth/invites/complete): the account is created as a trade account and signed
 * in. Names left blank keep the ones the shop invited the buyer with.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const form = await request.formData();
  const values = { firstName: formText(form, "firstName").trim(), lastName: formText(form, "lastName").trim() };
  const parsed = parseForm(form, InviteCompleteFormSchema);
  if (!parsed.ok) return rejectedForm(parsed.errors, { values });
  const api = createApiClient(context.get(callerContext));
  if (parsed.value.privacyPolicyId === undefined && (await getCurrentPrivacyPolicy(api)))
    return rejectedForm([CONSENT_MISSING], { values });
  try {
    const { data: result } = await api.call("completeInvite", { body: { token, ...parsed.value } });
    return await completeSignIn(context, result, "/", { kind: "success", message: t("auth.invite.done") });
  } catch (error) {
    return failedForm(error, { values });
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.linkProblem ? getLinkProblemTexts("invite", loaderData.linkProblem).title : t("auth.invite.title");
  return [{ title: pageTitle(title, matches) }, { name: "robots", content: "noindex" }];
}

export default function AuthInviteComplete({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  useFailureToast(failure);
  if (loaderData.linkProblem) return <LinkProblem kind="invite" status={loaderData.linkProblem} />;
  // The invitation was accepted or ran out between opening the page and sending the form.
  const linkFailed = linkProblemOf("invite", failure?.errors);
  if (linkFailed) return <LinkProblem kind="invite" status={linkFailed} />;

  return (
    <AuthPage>
      <AuthPanel title={t("auth.invite.title")} intro={t("auth.invite.intro")}>
        <Form method="post" noValidate className="grid gap-5">
          <FormAlert errors={formErrors(failure, FIELDS)} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t("auth.first_name")}
              name="firstName"
              autoComplete="given-name"
              maxLength={100}
              hint={t("auth.invite.name_hint")}
              defaultValue={failure?.values?.firstName ?? ""}
              error={fieldError(failure, "firstName")}
            />
            <TextField
              label={t("auth.last_name")}
              name="lastName"
              autoComplete="family-name"
              maxLength={100}
              defaultValue={failure?.values?.lastName ?? ""}
              error={fieldError(failure, "lastName")}
            />
          </div>
          <PasswordField
            label={t("auth.choose_password")}
            name="password"
            autoComplete="new-password"
            isNew
            error={fieldError(failure, "password")}
          />
          {loaderData.privacyPolicyId !== null ? (
            <PrivacyConsent policyId={loaderData.privacyPolicyId} error={fieldError(failure, "privacyPolicyId")} />
          ) : null}
          <Button type="submit" disabled={submitting}>
            {submitting ? t("auth.invite.submitting") : t("auth.invite.submit")}
          </Button>
        </Form>
      </AuthPanel>
    </AuthPage>
  );
}
