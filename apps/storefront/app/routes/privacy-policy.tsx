import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { FormNotice } from "~/components/forms/form-alert";
import { toPolicyBlocks } from "~/features/auth/policy-text";
import { getCurrentPrivacyPolicy } from "~/features/auth/privacy-policy.server";
import { pageTitle } from "~/features/layout/meta";
import { errorToastOf } from "~/lib/api-failure.server";
import { ApiRequestError } from "~/lib/api.server";
import { getCurrentCustomer, mergeGuestCart } from "~/features/auth/auth.server";
import { getReturnPath, PRIVACY_POLICY_PATH, REDIRECT_PARAM } from "~/lib/auth-redirects";
import { apiContext, sessionContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { getSafeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/privacy-policy";
import { parseForm, postedIdField } from "~/lib/form-intents.server";
import { z } from "zod";
import { t } from "~/lib/i18n/messages/privacy";
import { t as actionText } from "~/lib/i18n/messages/privacy-server";

/**
 * /privacy-policy: the current policy, open to everyone. A signed-in customer who has not accepted this
 * version (the API answers their calls 403 until they do) can accept it here and goes
 * back to the page they were on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [policy, customer] = await Promise.all([getCurrentPrivacyPolicy(context.get(apiContext)), getCurrentCustomer(context)]);
  const returnTo = getReturnPath(new URL(request.url));
  return {
    policy: policy ? { id: policy.id, version: policy.version, blocks: toPolicyBlocks(policy.body) } : null,
    acceptance: customer === null ? "anonymous" : customer.needsAcceptPrivacyPolicy ? "pending" : "accepted",
    returnTo: returnTo === "/" ? null : returnTo,
  } as const;
}

/** PUT /privacy-policies/:id/accept, then back to where the customer was. */
/** The accept button's form: the policy shown, so a newer one published meanwhile is not accepted unseen. */
const AcceptPolicyFormSchema = z.object({ policyId: postedIdField(actionText("privacy.not_found")) });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = getSafeRedirectPath(form.get(REDIRECT_PARAM), "/");
  const accepted = parseForm(form, AcceptPolicyFormSchema);
  const here = returnTo === "/" ? PRIVACY_POLICY_PATH : `${PRIVACY_POLICY_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo })}`;
  if (!accepted.ok) return redirectWithToast(here, { kind: "error", message: actionText("privacy.not_found") }, { status: 303 });
  try {
    await context.get(apiContext).call("acceptPrivacyPolicy", { params: { id: accepted.value.policyId } });
  } catch (error) {
    // A newer version published meanwhile: show it, with the API's message.
    if (error instanceof ApiRequestError) return redirectWithToast(here, errorToastOf(error), { status: 303 });
    throw error;
  }
  // A guest basket brought to a sign-in the policy blocked is merged now.
  const token = context.get(sessionContext).token;
  const headers = new Headers();
  for (const cookie of token ? await mergeGuestCart(context, token) : []) headers.append("Set-Cookie", cookie);
  return redirectWithToast(returnTo, { kind: "success", message: actionText("privacy.thanks") }, { status: 303, headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("privacy.title"), matches) }];
}

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { policy, acceptance, returnTo } = loaderData;
  const submitting = useNavigation().state === "submitting";
  return (
    <Container className="py-10 sm:py-14">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-title font-semibold tracking-tight">{t("privacy.title")}</h1>
        {policy ? <p className="mt-3 text-sm text-ink-muted">{t("privacy.version", { version: policy.version })}</p> : null}

        {policy && acceptance === "pending" ? (
          <div className="mt-8">
            <FormNotice tone="warn">
              <p className="font-semibold">{t("privacy.updated")}</p>
              <p>{t("privacy.updated_text")}</p>
            </FormNotice>
          </div>
        ) : null}

        {policy ? (
          <div className="mt-8 grid gap-4 text-lg leading-relaxed">
            {policy.blocks.map((block, index) =>
              block.kind === "heading" ? (
                <h2 key={index} className="mt-4 text-2xl font-semibold">
                  {block.text}
                </h2>
              ) : (
                <p key={index}>{block.text}</p>
              ),
            )}
          </div>
        ) : (
          <p className="mt-8 text-lg">{t("privacy.being_written")}</p>
        )}

        {policy && acceptance === "pending" ? (
          <Form method="post" className="mt-10 flex flex-wrap items-center gap-4 rounded-card border border-line bg-surface p-5 sm:p-6">
            <input type="hidden" name="policyId" value={policy.id} />
            {returnTo ? <input type="hidden" name={REDIRECT_PARAM} value={returnTo} /> : null}
            <p className="flex-1 text-ink">{t("privacy.by_accepting")}</p>
            <Button type="submit" disabled={submitting}>
              {submitting ? t("privacy.saving") : t("privacy.accept")}
            </Button>
          </Form>
        ) : null}
        {policy && acceptance === "accepted" ? <p className="mt-10 text-sm text-ink-muted">{t("privacy.accepted")}</p> : null}
      </article>
    </Container>
  );
}
