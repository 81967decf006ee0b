import { data } from "react-router";
import { Container } from "~/components/ui/container";
import type { FormFailure } from "~/components/forms/form-errors";
import { formAnswerHeaders } from "~/components/forms/form-failure.server";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { getCurrentCustomer } from "~/features/auth/auth.server";
import { pageTitle } from "~/features/layout/meta";
import type { WithdrawalView } from "~/features/withdrawal/withdrawal-form";
import { openWithdrawal, withdrawalIntents } from "~/features/withdrawal/withdrawal-forms.server";
import { ChooseItemsStep, FindOrderStep, LinkProblem, WithdrawalReceipt } from "~/features/withdrawal/withdrawal-steps";
import { PRIVATE_NO_STORE } from "~/lib/cache-control.server";
import { apiContext } from "~/lib/context.server";
import { dispatchIntent } from "~/lib/form-intents.server";
import type { Route } from "./+types/withdraw";
import { t } from "~/lib/i18n/messages/withdrawal";

/**
 * /withdraw: the withdrawal function (decision 061), linked from every footer and each order, for guests and
 * signed-in customers. Step 1 names the order by its number and email; `?order=<id>` (a signed-in customer's order
 * page) and an order link's page (its token posted, never in the address) go straight to step 2.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await getCurrentCustomer(context);
  const opened = await openWithdrawal(context.get(apiContext), new URL(request.url));
  return data({ view: opened.data, email: customer?.email ?? "", signedIn: customer !== null }, opened.init ?? undefined);
}

/** Step 2 for the order a form names ("find"), or step 3 once withdrawn ("withdraw"): pages of their own, no redirect. */
export async function action({ request, context }: Route.ActionArgs) {
  return dispatchIntent(await request.formData(), withdrawalIntents(context.get(apiContext)));
}

/** Never cached: every step is one buyer's. No Referer once an order link's token is on the page; a 429's Retry-After. */
export function headers(args: Route.HeadersArgs) {
  const headers = new Headers(formAnswerHeaders(args));
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  const referrerPolicy = args.actionHeaders.get("Referrer-Policy");
  if (referrerPolicy) headers.set("Referrer-Policy", referrerPolicy);
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("withdrawal.title"), matches) }, { name: "description", content: t("withdrawal.description") }];
}

/** What the page shows: the action's answer, else the loader's; a form naming no intent of the page is step 1 again. */
function viewOf(answer: WithdrawalView | FormFailure | undefined, opened: WithdrawalView): WithdrawalView {
  if (answer === undefined) return opened;
  return "step" in answer ? answer : { step: "find", failure: answer };
}

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  const view = viewOf(actionData, loaderData.view);
  useFailureToast(view.step === "find" || view.step === "choose" ? (view.failure ?? undefined) : undefined);
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-title font-semibold tracking-tight">{t("withdrawal.title")}</h1>
        {view.step === "find" || view.step === "choose" ? <p className="mt-3 text-lg text-ink-muted">{t("withdrawal.intro")}</p> : null}
        {view.step === "find" ? <FindOrderStep failure={view.failure} email={loaderData.email} signedIn={loaderData.signedIn} /> : null}
        {view.step === "choose" ? <ChooseItemsStep view={view} /> : null}
        {view.step === "done" ? <WithdrawalReceipt withdrawal={view.withdrawal} /> : null}
        {view.step === "link-problem" ? <LinkProblem problem={view.problem} /> : null}
      </div>
    </Container>
  );
}
