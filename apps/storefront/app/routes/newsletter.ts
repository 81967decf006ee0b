import type { NewsletterSubscribeResult } from "@quire/contracts";
import { data, redirect } from "react-router";
import type { FormFailure } from "~/components/forms/form-errors";
import { FOOTER_TOPICS, NewsletterFormSchema } from "~/features/newsletter/newsletter.server";
import { topicList, type NewsletterTopicId } from "~/features/newsletter/newsletter-topics";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import { wantsFetcherResponse } from "~/lib/fetcher-response";
import { flashToastHeader, redirectWithToast } from "~/lib/flash.server";
import { parseForm } from "~/lib/form-intents.server";
import { getSafeRedirectPath, getSameOriginRefererPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/newsletter";
import { t } from "~/lib/i18n/messages/newsletter-server";

/** What the footer shows once the API took the request. */
export interface NewsletterSuccess {
  message: string;
}

function successMessage(result: NewsletterSubscribeResult): string {
  if (result.status === "confirmation_sent") {
    return t("newsletter.signup.confirmation_sent", { email: result.email });
  }
  if (result.status === "unsubscribed") return t("newsletter.signup.unsubscribed");
  return t("newsletter.signup.subscribed", { topics: topicList((result.topics ?? []) as NewsletterTopicId[]) });
}

/**
 * POST /newsletter: the footer's newsletter form (PUT /marketing-customers/subscriptions). Through a fetcher it
 * answers data (the field's error, or the success message) and the page stays put; without JavaScript it
 * redirects back to the page the form was on with the same words as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const inPlace = wantsFetcherResponse(form);
  // Back to the page the form was on (the Referer, same-site paths only: never an open redirect).
  const back = getSafeRedirectPath(getSameOriginRefererPath(request), "/");
  const failed = async (failure: FormFailure, status: number) => {
    if (inPlace) return data(failure, { status });
    const message = failure.errors[0]?.message ?? t("newsletter.signup.not_saved");
    return redirect(back, { status: 303, headers: { "Set-Cookie": await flashToastHeader({ kind: "error", message }) } });
  };

  const parsed = parseForm(form, NewsletterFormSchema);
  if (!parsed.ok) return failed({ errors: parsed.errors }, 400);
  try {
    const { data: result } = await context.get(apiContext).call("updateNewsletterSubscription", {
      body: { email: parsed.value.email, topics: [...FOOTER_TOPICS] },
    });
    const message = successMessage(result);
    if (inPlace) return data<NewsletterSuccess>({ message });
    return redirectWithToast(back, { kind: "success", message }, { status: 303 });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return failed({ errors: error.errors }, error.status);
  }
}

/** Only the form posts here; a visit by address goes home. */
export function loader() {
  return redirect("/", 302);
}
