import { PasswordResetBodySchema } from "@quire/contracts";
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
import { callerContext } from "~/lib/context.server";
import type { Route } from "./+types/auth-forgot-password";
import { t } from "~/lib/i18n/messages/auth";

const FIELDS = ["email"] as const;

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

/**
 * Asks for a reset link (POST /passwords/reset). Known and unknown addresses get the same answer, so the
 * page never reveals who has an account; the link works once, for 60 minutes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { email: formText(form, "email") };
  const parsed = parseForm(form, PasswordResetBodySchema);
  if (!parsed.ok) return rejectedForm(parsed.errors, { values });
  try {
    await createApiClient(context.get(callerContext)).call("requestPasswordReset", { body: parsed.value });
  } catch (error) {
    return failedForm(error, { values });
  }
  return redirect("/auth/forgot-password?sent", 303);
}

/** A refusal that lasts (429) says when to try again (Retry-After). */
export const headers = formAnswerHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("auth.forgot.title"), matches) }, { name: "robots", content: "noindex" }];
}

export default function AuthForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  useFailureToast(failure);

  if (loaderData.sent) {
    return (
      <AuthPage>
        <AuthPanel title={t("auth.check_email")}>
          <FormNotice tone="success">
            <p className="font-semibold">{t("auth.forgot.sent")}</p>
            <p>{t("auth.forgot.sent_hint")}</p>
          </FormNotice>
          <p className="mt-6 text-sm">
            <Link to="/auth/login" className={textLinkClass}>
              {t("auth.forgot.back_to_sign_in")}
            </Link>
          </p>
        </AuthPanel>
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <AuthPanel title={t("auth.forgot.title")} intro={t("auth.forgot.intro")}>
        <Form method="post" noValidate className="grid gap-5">
          <FormAlert errors={formErrors(failure, FIELDS)} />
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
            {submitting ? t("auth.sending") : t("auth.forgot.submit")}
          </Button>
        </Form>
        <p className="mt-6 border-t border-line pt-6 text-center text-sm text-ink-muted">
          {t("auth.forgot.remembered")}{" "}
          <Link to="/auth/login" className={textLinkClass}>
            {t("auth.sign_in")}
          </Link>
        </p>
      </AuthPanel>
    </AuthPage>
  );
}
