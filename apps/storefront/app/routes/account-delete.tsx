import { EmailedTokenSchema } from "@quire/contracts";
import { ERASURE_LINK_ERROR_CODES, ERASURE_LINK_HOURS, hasErrorCode } from "@quire/contracts/constants";
import { Form, redirectDocument, useNavigation } from "react-router";
import { z } from "zod";
import { FormNotice } from "~/components/forms/form-alert";
import type { FormFailure } from "~/components/forms/form-errors";
import { failedForm } from "~/components/forms/form-failure.server";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { AuthPage, AuthPanel } from "~/features/auth/auth-panel";
import { signOutHeaders } from "~/features/auth/auth.server";
import { pageTitle } from "~/features/layout/meta";
import { createApiClient } from "~/lib/api.server";
import { callerContext } from "~/lib/context.server";
import { flashToastHeader } from "~/lib/flash.server";
import { EMAILED_SECRET_HEADERS } from "~/lib/token-paths.server";
import { requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/account-delete";
import { t } from "~/lib/i18n/messages/account-deletion";

const ParamsSchema = z.object({ token: EmailedTokenSchema });

/**
 * /account/delete/:token: the page the emailed link to delete an account opens (decision 063). It only reads (a mail
 * scanner following the link, or a prefetch, must erase nothing): the customer confirms with the button. The link
 * works in any browser, signed in or not, as a password reset's does. A malformed token is a 404; a used, unknown or
 * expired link, and an account that cannot be erased yet (an open order), are told when the button is pressed.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  requireValidParams(ParamsSchema, params, request);
  return null;
}

/**
 * Erases the account (POST /customers/erasure-request/confirm): the API ends every session of it, so this browser is
 * signed out too (its cookies cleared), and the whole page reloads on the home page with a toast. A refusal is shown
 * on this page with the API's status.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  try {
    await createApiClient(context.get(callerContext)).call("confirmErasure", { body: { token } });
  } catch (error) {
    return failedForm(error);
  }
  const headers = await signOutHeaders(context);
  headers.append("Set-Cookie", await flashToastHeader({ kind: "success", message: t("account_deletion.deleted") }));
  return redirectDocument("/", { status: 303, headers });
}

/** The address holds the secret: never stored, never sent on as a Referer. */
export function headers() {
  return EMAILED_SECRET_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("account_deletion.title"), matches) }, { name: "robots", content: "noindex" }];
}

export default function AccountDelete({ actionData }: Route.ComponentProps) {
  const failure: FormFailure | undefined = actionData;
  const submitting = useNavigation().state === "submitting";
  const blocked = hasErrorCode(failure, ERASURE_LINK_ERROR_CODES.blocked);
  useFailureToast(failure && !blocked && !unusable(failure) ? failure : undefined);

  if (hasErrorCode(failure, ERASURE_LINK_ERROR_CODES.invalid)) {
    return <UnusableLink title={t("account_deletion.invalid_title")} text={t("account_deletion.invalid_text")} />;
  }
  if (hasErrorCode(failure, ERASURE_LINK_ERROR_CODES.expired)) {
    return (
      <UnusableLink title={t("account_deletion.expired_title")} text={t("account_deletion.expired_text", { hours: ERASURE_LINK_HOURS })} />
    );
  }
  return (
    <AuthPage>
      <AuthPanel title={t("account_deletion.title")} intro={t("account_deletion.intro")} wide>
        {blocked ? (
          <div className="mb-6 grid gap-3">
            <FormNotice tone="warn" id="deletion-blocked">
              <p className="font-semibold">{t("account_deletion.blocked")}</p>
              <ul className="list-disc pl-5">
                {(failure?.errors ?? []).map((error) => (
                  <li key={error.message}>{error.message}</li>
                ))}
              </ul>
              <p>{t("account_deletion.blocked_next")}</p>
            </FormNotice>
            <p>
              <ButtonLink to="/account/orders" variant="secondary">
                {t("account_deletion.see_orders")}
              </ButtonLink>
            </p>
          </div>
        ) : null}
        <h2 className="text-lg font-semibold">{t("account_deletion.erased")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("account_deletion.erased_details")}</li>
          <li>{t("account_deletion.erased_lists")}</li>
          <li>{t("account_deletion.erased_requests")}</li>
          <li>{t("account_deletion.erased_sessions")}</li>
        </ul>
        <h2 className="mt-6 text-lg font-semibold">{t("account_deletion.kept")}</h2>
        <p className="mt-2">{t("account_deletion.kept_orders")}</p>
        <Form method="post" className="mt-8 flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={submitting}>
            {submitting ? t("account_deletion.deleting") : t("account_deletion.confirm")}
          </Button>
          <ButtonLink to="/" variant="secondary">
            {t("account_deletion.keep")}
          </ButtonLink>
        </Form>
      </AuthPanel>
    </AuthPage>
  );
}

/** Whether the link itself was refused (used, unknown or expired): the page says so instead of its form. */
function unusable(failure: FormFailure): boolean {
  return hasErrorCode(failure, ERASURE_LINK_ERROR_CODES.invalid) || hasErrorCode(failure, ERASURE_LINK_ERROR_CODES.expired);
}

/** What the page says instead of its form when its link cannot be used, and the way to a new one. */
function UnusableLink({ title, text }: { title: string; text: string }) {
  return (
    <AuthPage>
      <AuthPanel title={title}>
        <FormNotice tone="warn">
          <p>{text}</p>
        </FormNotice>
        <p className="mt-6">
          <ButtonLink to="/account/settings">{t("account_deletion.to_settings")}</ButtonLink>
        </p>
      </AuthPanel>
    </AuthPage>
  );
}
