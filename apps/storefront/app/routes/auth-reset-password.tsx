import { EmailedTokenSchema } from "@quire/contracts";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { AuthPage, AuthPanel } from "~/features/auth/auth-panel";
import { getLinkProblemTexts, linkProblemOf } from "~/features/auth/emailed-link";
import { getLinkStatus, unusableLinkPage } from "~/features/auth/emailed-link.server";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors } from "~/components/forms/form-errors";
import { ResetPasswordFormSchema } from "~/features/auth/auth-forms.server";
import { failedForm, rejectedForm } from "~/components/forms/form-failure.server";
import { parseForm } from "~/lib/form-intents.server";
import { LinkProblem } from "~/features/auth/link-problem";
import { PasswordField } from "~/features/auth/password-field";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { createApiClient } from "~/lib/api.server";
import { completeSignIn } from "~/features/auth/auth.server";
import { callerContext } from "~/lib/context.server";
import { requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/auth-reset-password";
import { t } from "~/lib/i18n/messages/auth";

const ParamsSchema = z.object({ token: EmailedTokenSchema });
const FIELDS = ["password"] as const;

/**
 * /auth/reset-password/:token: the emailed reset link. A malformed token is a 404; a used or expired link
 * says so at once (410), an unknown one too (404), with the way to a new link.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const link = await getLinkStatus(createApiClient(context.get(callerContext)), "reset", token);
  if (link !== "valid") return unusableLinkPage(link);
  return { linkProblem: null };
}

/**
 * Sets the new password (POST /passwords/reset/complete). The API ends every other session and signs the
 * customer in afresh, so they land signed in with the new password.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const form = await request.formData();
  const parsed = parseForm(form, ResetPasswordFormSchema);
  if (!parsed.ok) return rejectedForm(parsed.errors);
  try {
    const api = createApiClient(context.get(callerContext));
    const { data: result } = await api.call("completePasswordReset", { body: { token, ...parsed.value } });
    return await completeSignIn(context, result, "/", { kind: "success", message: t("auth.reset.done") });
  } catch (error) {
    return failedForm(error);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.linkProblem ? getLinkProblemTexts("reset", loaderData.linkProblem).title : t("auth.reset.title");
  return [{ title: pageTitle(title, matches) }, { name: "robots", content: "noindex" }];
}

export default function AuthResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  useFailureToast(failure);
  if (loaderData.linkProblem) return <LinkProblem kind="reset" status={loaderData.linkProblem} />;
  // The link was used or ran out between opening the page and sending the form.
  const linkFailed = linkProblemOf("reset", failure?.errors);
  if (linkFailed) return <LinkProblem kind="reset" status={linkFailed} />;

  return (
    <AuthPage>
      <AuthPanel title={t("auth.reset.title")} intro={t("auth.reset.intro")}>
        <Form method="post" noValidate className="grid gap-5">
          <FormAlert errors={formErrors(failure, FIELDS)} />
          <PasswordField
            label={t("auth.reset.new_password")}
            name="password"
            autoComplete="new-password"
            isNew
            error={fieldError(failure, "password")}
          />
          <Button type="submit" disabled={submitting}>
            {submitting ? t("auth.saving") : t("auth.reset.submit")}
          </Button>
        </Form>
      </AuthPanel>
    </AuthPage>
  );
}
