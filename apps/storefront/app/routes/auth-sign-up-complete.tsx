import { EmailedTokenSchema, SignInResponseSchema, SignupCompleteBodySchema } from "@quire/contracts";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button, textLinkClass } from "~/components/ui/button";
import { AuthPage, AuthPanel } from "~/features/auth/auth-panel";
import { FormAlert } from "~/features/auth/form-alert";
import { fieldError, formErrors, formText } from "~/features/auth/form-errors";
import { failedForm, invalidForm, rejectedForm } from "~/features/auth/form-failure.server";
import { PasswordField } from "~/features/auth/password-field";
import { PrivacyConsent, readPrivacyConsent } from "~/features/auth/privacy-consent";
import { getCurrentPrivacyPolicy } from "~/features/auth/privacy-policy.server";
import { useFailureToast } from "~/features/auth/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { createApiClient } from "~/lib/api.server";
import { completeSignIn } from "~/lib/auth.server";
import { callerContext } from "~/lib/context.server";
import { requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/auth-sign-up-complete";

const ParamsSchema = z.object({ token: EmailedTokenSchema });
const FIELDS = ["password", "privacyPolicyId"] as const;
const CONSENT_MISSING = { code: "privacy_policy_not_accepted", message: "Accept the privacy policy to create your account", field: "privacyPolicyId" };

/** /auth/sign-up/complete/:token: the emailed link of a sign-up request. A malformed token is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireValidParams(ParamsSchema, params, request);
  const policy = await getCurrentPrivacyPolicy(createApiClient(context.get(callerContext)));
  return { privacyPolicyId: policy?.id ?? null };
}

/** Chooses the password (PUT /auth/signup-request/complete), which creates the account and signs in. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const form = await request.formData();
  const privacyPolicyId = readPrivacyConsent(form);
  const parsed = SignupCompleteBodySchema.safeParse({ token, password: formText(form, "password"), privacyPolicyId });
  if (!parsed.success) return invalidForm(parsed.error);
  const api = createApiClient(context.get(callerContext));
  if (privacyPolicyId === undefined && (await getCurrentPrivacyPolicy(api))) {
    return rejectedForm([CONSENT_MISSING]);
  }
  try {
    const { data: result } = await api.put("/auth/signup-request/complete", SignInResponseSchema, parsed.data);
    return await completeSignIn(context, result, "/", { kind: "success", message: "Your account is ready. Welcome!" });
  } catch (error) {
    return failedForm(error);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Finish creating your account", matches) }, { name: "robots", content: "noindex" }];
}

export default function AuthSignUpComplete({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  useFailureToast(failure);
  const expired = failure?.errors.some((error) => /^signup_token_/.test(error.code));

  return (
    <AuthPage>
      <AuthPanel title="Finish creating your account" intro="Choose a password, and you're in.">
        <Form method="post" noValidate className="grid gap-5">
          <FormAlert errors={formErrors(failure, FIELDS)} />
          {expired ? (
            <p className="text-sm">
              <Link to="/auth/register" className={textLinkClass}>
                Ask for a new link
              </Link>
            </p>
          ) : null}
          <PasswordField label="Choose a password" name="password" autoComplete="new-password" isNew error={fieldError(failure, "password")} />
          {loaderData.privacyPolicyId !== null ? (
            <PrivacyConsent policyId={loaderData.privacyPolicyId} error={fieldError(failure, "privacyPolicyId")} />
          ) : null}
          <Button type="submit" disabled={submitting}>
            {submitting ? "Creating your account…" : "Create account"}
          </Button>
        </Form>
      </AuthPanel>
    </AuthPage>
  );
}
