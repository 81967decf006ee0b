import { EmailedTokenSchema, type ApiErrorCode } from "@quire/contracts";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { AuthPage, AuthPanel } from "~/features/auth/auth-panel";
import { getLinkProblemTexts, linkProblemOf } from "~/features/auth/emailed-link";
import { getLinkStatus, unusableLinkPage } from "~/features/auth/emailed-link.server";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormError } from "~/components/forms/form-errors";
import { SignupCompleteFormSchema } from "~/features/auth/auth-forms.server";
import { failedForm, rejectedForm } from "~/components/forms/form-failure.server";
import { parseForm } from "~/lib/form-intents.server";
import { LinkProblem } from "~/features/auth/link-problem";
import { PasswordField } from "~/features/auth/password-field";
import { PrivacyConsent } from "~/features/auth/privacy-consent";
import { getCurrentPrivacyPolicy } from "~/features/auth/privacy-policy.server";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { createApiClient } from "~/lib/api.server";
import { completeSignIn } from "~/features/auth/auth.server";
import { callerContext } from "~/lib/context.server";
import { requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/auth-sign-up-complete";
import { t } from "~/lib/i18n/messages/auth";

const ParamsSchema = z.object({ token: EmailedTokenSchema });
const FIELDS = ["password", "privacyPolicyId"] as const;
// Named by the catalogue's code for a privacy policy not accepted, as the API names that state.
const CONSENT_MISSING: FormError = {
  code: "privacy_policy_not_accepted" satisfies ApiErrorCode,
  message: t("auth.signup.consent_missing"),
  field: "privacyPolicyId",
};

/**
 * /auth/sign-up/complete/:token: the emailed link of a sign-up request. A malformed token is a 404; a used
 * or expired link says so at once (410), an unknown one too (404), instead of showing a form that would fail.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const api = createApiClient(context.get(callerContext));
  const [link, policy] = await Promise.all([getLinkStatus(api, "signup", token), getCurrentPrivacyPolicy(api)]);
  if (link !== "valid") return unusableLinkPage(link);
  return { linkProblem: null, privacyPolicyId: policy?.id ?? null };
}

/** Chooses the password (PUT /auth/signup-request/complete), which creates the account and signs in. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const form = await request.formData();
  const parsed = parseForm(form, SignupCompleteFormSchema);
  if (!parsed.ok) return rejectedForm(parsed.errors);
  const api = createApiClient(context.get(callerContext));
  if (parsed.value.privacyPolicyId === undefined && (await getCurrentPrivacyPolicy(api))) {
    return rejectedForm([CONSENT_MISSING]);
  }
  try {
    const { data: result } = await api.call("completeSignup", { body: { token, ...parsed.value } });
    return await completeSignIn(context, result, "/", { kind: "success", message: t("auth.signup.done") });
  } catch (error) {
    return failedForm(error);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.linkProblem ? getLinkProblemTexts("signup", loaderData.linkProblem).title : t("auth.signup.title");
  return [{ title: pageTitle(title, matches) }, { name: "robots", content: "noindex" }];
}

export default function AuthSignUpComplete({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  useFailureToast(failure);
  if (loaderData.linkProblem) return <LinkProblem kind="signup" status={loaderData.linkProblem} />;
  // The link was used or ran out between opening the page and sending the form.
  const linkFailed = linkProblemOf("signup", failure?.errors);
  if (linkFailed) return <LinkProblem kind="signup" status={linkFailed} />;

  return (
    <AuthPage>
      <AuthPanel title={t("auth.signup.title")} intro={t("auth.signup.intro")}>
        <Form method="post" noValidate className="grid gap-5">
          <FormAlert errors={formErrors(failure, FIELDS)} />
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
            {submitting ? t("auth.signup.submitting") : t("auth.signup.submit")}
          </Button>
        </Form>
      </AuthPanel>
    </AuthPage>
  );
}
