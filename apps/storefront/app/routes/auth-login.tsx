import { SignInBodySchema } from "@quire/contracts";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Button, textLinkClass } from "~/components/ui/button";
import { AuthPanel } from "~/features/auth/auth-panel";
import { FormAlert, FormNotice } from "~/components/forms/form-alert";
import { fieldError, formErrors, formText } from "~/components/forms/form-errors";
import { failedForm, formAnswerHeaders, rejectedForm } from "~/components/forms/form-failure.server";
import { parseForm } from "~/lib/form-intents.server";
import { PasswordField } from "~/features/auth/password-field";
import { TextField } from "~/components/forms/text-field";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { completeSignIn, isSignedIn, signInWithPassword } from "~/features/auth/auth.server";
import { getReturnPath, REDIRECT_PARAM } from "~/lib/auth-redirects";
import { getSafeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/auth-login";
import { t } from "~/lib/i18n/messages/auth";

const FIELDS = ["email", "password"] as const;

/** /auth/login (simple layout). Someone already signed in goes straight on to where they were heading. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (isSignedIn(context)) throw redirect(getReturnPath(url));
  const returnTo = getReturnPath(url);
  return { returnTo: returnTo === "/" ? null : returnTo };
}

/**
 * Signs in (POST /auth/sign-in), keeps the token in its cookie, merges a guest cart and goes to
 * redirect_url or home. Wrong credentials and throttling come back as the form's errors.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { email: formText(form, "email") };
  const parsed = parseForm(form, SignInBodySchema);
  if (!parsed.ok) return rejectedForm(parsed.errors, { values });
  const returnTo = getSafeRedirectPath(form.get(REDIRECT_PARAM), getReturnPath(new URL(request.url)));
  try {
    const result = await signInWithPassword(context, parsed.value);
    return await completeSignIn(context, result, returnTo);
  } catch (error) {
    return failedForm(error, { values });
  }
}

/** A refusal that lasts (429) says when to try again (Retry-After). */
export const headers = formAnswerHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("auth.sign_in"), matches) }, { name: "robots", content: "noindex" }];
}

export default function AuthLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo } = loaderData;
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  useFailureToast(failure);

  return (
    <AuthPanel title={t("auth.sign_in")} intro={t("auth.login.intro")}>
      <Form method="post" noValidate className="grid gap-5">
        {returnTo && !failure ? <FormNotice>{t("auth.login.to_continue")}</FormNotice> : null}
        <FormAlert errors={formErrors(failure, FIELDS)} />
        {returnTo ? <input type="hidden" name={REDIRECT_PARAM} value={returnTo} /> : null}
        <TextField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={failure?.values?.email ?? ""}
          error={fieldError(failure, "email")}
        />
        <div>
          <PasswordField
            label={t("auth.password.label")}
            name="password"
            autoComplete="current-password"
            error={fieldError(failure, "password")}
          />
          <p className="mt-2 text-sm">
            <Link to="/auth/forgot-password" className={textLinkClass}>
              {t("auth.login.forgot")}
            </Link>
          </p>
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? t("auth.login.submitting") : t("auth.sign_in")}
        </Button>
      </Form>
      <p className="mt-6 border-t border-line pt-6 text-center text-sm text-ink-muted">
        {t("auth.login.new_here")}{" "}
        <Link to="/auth/register" className={textLinkClass}>
          {t("auth.register.title")}
        </Link>
      </p>
    </AuthPanel>
  );
}
