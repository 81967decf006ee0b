import { SignupRequestBodySchema } from "@quire/contracts";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Button, textLinkClass } from "~/components/ui/button";
import { AuthPage, AuthPanel } from "~/features/auth/auth-panel";
import { FormAlert, FormNotice } from "~/components/forms/form-alert";
import { fieldError, formErrors, formText } from "~/components/forms/form-errors";
import { failedForm, formAnswerHeaders, rejectedForm } from "~/components/forms/form-failure.server";
import { parseForm } from "~/lib/form-intents.server";
import { TextField } from "~/components/forms/text-field";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { createApiClient } from "~/lib/api.server";
import { isSignedIn } from "~/features/auth/auth.server";
import { callerContext } from "~/lib/context.server";
import type { Route } from "./+types/auth-register";
import { t } from "~/lib/i18n/messages/auth";

const FIELDS = ["firstName", "lastName", "email"] as const;

export function loader({ request, context }: Route.LoaderArgs) {
  if (isSignedIn(context)) throw redirect("/account/settings");
  return { sent: new URL(request.url).searchParams.has("sent") };
}

/**
 * The sign-up request (POST /auth/signup-request): the API emails a link to finish the account. The answer
 * is the same whether or not the address already has an account, so the page never tells who is registered.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { firstName: formText(form, "firstName"), lastName: formText(form, "lastName"), email: formText(form, "email") };
  const parsed = parseForm(form, SignupRequestBodySchema);
  if (!parsed.ok) return rejectedForm(parsed.errors, { values });
  try {
    await createApiClient(context.get(callerContext)).call("requestSignup", { body: parsed.value });
  } catch (error) {
    return failedForm(error, { values });
  }
  // Post/redirect/get: reloading the confirmation does not send a second email.
  return redirect("/auth/register?sent", 303);
}

/** A refusal that lasts (429) says when to try again (Retry-After). */
export const headers = formAnswerHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("auth.register.title"), matches) }, { name: "robots", content: "noindex" }];
}

export default function AuthRegister({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  useFailureToast(failure);

  if (loaderData.sent) {
    return (
      <AuthPage>
        <AuthPanel title={t("auth.check_email")}>
          <FormNotice tone="success">
            <p className="font-semibold">{t("auth.register.sent")}</p>
            <p>{t("auth.register.sent_hint")}</p>
          </FormNotice>
          <p className="mt-6 text-sm">
            <Link to="/auth/register" className={textLinkClass}>
              {t("auth.register.different_email")}
            </Link>
          </p>
        </AuthPanel>
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <AuthPanel title={t("auth.register.title")} intro={t("auth.register.intro")}>
        <Form method="post" noValidate className="grid gap-5">
          <FormAlert errors={formErrors(failure, FIELDS)} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t("auth.first_name")}
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={100}
              defaultValue={failure?.values?.firstName ?? ""}
              error={fieldError(failure, "firstName")}
            />
            <TextField
              label={t("auth.last_name")}
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={100}
              defaultValue={failure?.values?.lastName ?? ""}
              error={fieldError(failure, "lastName")}
            />
          </div>
          <TextField
            label={t("auth.email")}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            defaultValue={failure?.values?.email ?? ""}
            error={fieldError(failure, "email")}
          />
          <Button type="submit" disabled={submitting}>
            {submitting ? t("auth.sending") : t("auth.register.submit")}
          </Button>
        </Form>
        <p className="mt-6 border-t border-line pt-6 text-center text-sm text-ink-muted">
          {t("auth.register.have_account")}{" "}
          <Link to="/auth/login" className={textLinkClass}>
            {t("auth.sign_in")}
          </Link>
        </p>
      </AuthPanel>
    </AuthPage>
  );
}
