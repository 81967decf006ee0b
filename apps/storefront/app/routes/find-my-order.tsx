import { OrderLinkRequestBodySchema } from "@quire/contracts";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Button, textLinkClass } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { FormAlert, FormNotice } from "~/components/forms/form-alert";
import { fieldError, formErrors, formText } from "~/components/forms/form-errors";
import { failedForm, formAnswerHeaders, rejectedForm } from "~/components/forms/form-failure.server";
import { TextField } from "~/components/forms/text-field";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { FIND_MY_ORDER_PATH } from "~/features/order-link/order-link-paths";
import { getCurrentCustomer } from "~/features/auth/auth.server";
import { apiContext } from "~/lib/context.server";
import { parseForm } from "~/lib/form-intents.server";
import type { Route } from "./+types/find-my-order";
import { t } from "~/lib/i18n/messages/order-link";

const FIELDS = ["orderNumber", "email"] as const;
const SENT_PARAM = "sent";

/** /find-my-order: a guest asks for their order's link by its number and email; a signed-in customer is offered their orders too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await getCurrentCustomer(context);
  return { sent: new URL(request.url).searchParams.has(SENT_PARAM), email: customer?.email ?? "", signedIn: customer !== null };
}

/**
 * POST /order-links, then the page again saying a link is on its way if the order exists (a redirect, so a reload
 * does not ask twice). The answer is the same whether or not it does: the page tells nobody which orders exist.
 * Refused fields come back beside each field, with what was typed; too many requests, above the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((field) => [field, formText(form, field)]));
  const parsed = parseForm(form, OrderLinkRequestBodySchema);
  if (!parsed.ok) return rejectedForm(parsed.errors, { values });
  try {
    await context.get(apiContext).call("requestOrderLink", { body: parsed.value });
    return redirect(`${FIND_MY_ORDER_PATH}?${SENT_PARAM}`, 303);
  } catch (error) {
    return failedForm(error, { values });
  }
}

/** A refusal that lasts (429) says when to try again (Retry-After). */
export const headers = formAnswerHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("order_link.find.title"), matches) }, { name: "description", content: t("order_link.find.description") }];
}

export default function FindMyOrder({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  useFailureToast(failure);
  const typed = failure?.values;
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-xl">
        <h1 className="text-title font-semibold tracking-tight">{t("order_link.find.title")}</h1>
        {loaderData.sent ? (
          <div className="mt-8">
            <FormNotice tone="success">
              <p className="font-semibold">{t("order_link.find.sent")}</p>
              <p>{t("order_link.find.sent_text")}</p>
            </FormNotice>
            <p className="mt-6">
              <Link to={FIND_MY_ORDER_PATH} className={textLinkClass}>
                {t("order_link.find.again")}
              </Link>
            </p>
          </div>
        ) : (
          <>
            <p className="mt-3 text-lg text-ink-muted">{t("order_link.find.intro")}</p>
            <Form method="post" noValidate className="mt-8 grid gap-5">
              <FormAlert errors={formErrors(failure, FIELDS)} />
              <TextField
                label={t("order_link.find.order_number")}
                hint={t("order_link.find.order_number_hint")}
                name="orderNumber"
                autoComplete="off"
                required
                maxLength={40}
                defaultValue={typed?.orderNumber ?? ""}
                error={fieldError(failure, "orderNumber")}
              />
              <TextField
                label={t("order_link.find.email")}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                maxLength={254}
                defaultValue={typed?.email ?? loaderData.email}
                error={fieldError(failure, "email")}
              />
              <div>
                <Button type="submit" disabled={submitting}>
                  {submitting ? t("order_link.find.sending") : t("order_link.find.send")}
                </Button>
              </div>
            </Form>
          </>
        )}
        {loaderData.signedIn ? (
          <p className="mt-8 text-ink-muted">
            {t("order_link.find.signed_in")}{" "}
            <Link to="/account/orders" className={textLinkClass}>
              {t("order_link.find.account_orders")}
            </Link>
          </p>
        ) : null}
      </div>
    </Container>
  );
}
