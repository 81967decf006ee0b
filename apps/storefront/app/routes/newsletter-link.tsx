import { EmailedTokenSchema } from "@quire/contracts";
import { data, Form, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { Button, ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { pageTitle } from "~/features/layout/meta";
import { callNewsletterLink, type NewsletterLinkAnswer } from "~/features/newsletter/newsletter.server";
import { topicList, type NewsletterTopicId } from "~/features/newsletter/newsletter-topics";
import { createApiClient } from "~/lib/api.server";
import { callerContext } from "~/lib/context.server";
import { requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/newsletter-link";
import { t } from "~/lib/i18n/messages/newsletter";

const ParamsSchema = z.object({ token: EmailedTokenSchema });

type LinkKind = "confirm" | "unsubscribe";
const kindOf = (request: Request): LinkKind =>
  new URL(request.url).pathname.startsWith("/newsletter/unsubscribe/") ? "unsubscribe" : "confirm";

/**
 * /newsletter/confirm/:token and /newsletter/unsubscribe/:token: the pages a newsletter confirmation email
 * links to (decision 034). The loader only reads (POST …/confirm/preview): a mail scanner or a prefetch that
 * follows the link changes nothing; the reader confirms, or unsubscribes, with the button.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const kind = kindOf(request);
  const answer = await callNewsletterLink(createApiClient(context.get(callerContext)), "previewNewsletterLink", token);
  // A confirmation link opened at the unsubscribe address (or the other way round) is no link at all.
  const link: NewsletterLinkAnswer = answer.ok && answer.link.kind !== kind ? { ok: false, problem: "invalid" } : answer;
  if (!link.ok) return data({ kind, link }, { status: link.problem === "invalid" ? 404 : 410 });
  return { kind, link };
}

/**
 * Does what the link says, once, and shows the outcome (the link is used up afterwards). The page's one form
 * has no fields and no intent (decision 023: a single-form page calls no dispatcher).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { token } = requireValidParams(ParamsSchema, params, request);
  const kind = kindOf(request);
  const api = createApiClient(context.get(callerContext));
  const done = await callNewsletterLink(api, kind === "confirm" ? "confirmNewsletterSubscription" : "unsubscribeNewsletter", token);
  return data({ done }, { status: done.ok ? 200 : done.problem === "invalid" ? 404 : 410 });
}

/**
 * After the button's post the page shows what the action answered and reads the link no more: a link once
 * used is spent, so reading it again would only answer 410 Gone (an error in the browser's console) for a
 * page that has nothing left to show.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.kind === "unsubscribe" ? t("newsletter.link.title_unsubscribe") : t("newsletter.link.title_confirm");
  return [{ title: pageTitle(title, matches) }, { name: "robots", content: "noindex" }];
}

const PROBLEMS: Record<"invalid" | "expired" | "used", { heading: string; message: string }> = {
  invalid: {
    heading: t("newsletter.link.invalid"),
    message: t("newsletter.link.invalid_text"),
  },
  expired: {
    heading: t("newsletter.link.expired"),
    message: t("newsletter.link.expired_text"),
  },
  used: {
    heading: t("newsletter.link.used"),
    message: t("newsletter.link.used_text"),
  },
};

function describe(kind: LinkKind, answer: NewsletterLinkAnswer, done: boolean) {
  if (!answer.ok) return { ...PROBLEMS[answer.problem], offer: "browse" as const };
  const { email, topics } = answer.link;
  const named = topicList(topics as NewsletterTopicId[]);
  const unsubscribed = {
    heading: t("newsletter.link.unsubscribed"),
    message: t("newsletter.link.unsubscribed_text", { email }),
    offer: "browse" as const,
  };
  if (kind === "unsubscribe") {
    return done
      ? unsubscribed
      : {
          heading: t("newsletter.link.unsubscribe_title"),
          message: t("newsletter.link.unsubscribe_text", { email }),
          offer: "apply" as const,
        };
  }
  if (topics.length === 0) {
    return done
      ? unsubscribed
      : { heading: t("newsletter.link.stop_title"), message: t("newsletter.link.stop_text", { email }), offer: "apply" as const };
  }
  return done
    ? {
        heading: t("newsletter.link.subscribed"),
        message: t("newsletter.link.subscribed_text", { email, topics: named }),
        offer: "browse" as const,
      }
    : {
        heading: t("newsletter.link.confirm_title"),
        message: t("newsletter.link.confirm_text", { email, topics: named }),
        offer: "apply" as const,
      };
}

export default function NewsletterLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const { heading, message, offer } = describe(kind, done ?? loaderData.link, done !== null);
  const submitting = useNavigation().state === "submitting";

  return (
    <Container className="py-10 sm:py-16">
      <div className="mx-auto max-w-xl rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Icon name="book" className="size-6" />
        </span>
        <h1 className="mt-5 text-title font-semibold tracking-tight">{heading}</h1>
        <p className="mt-4 text-ink">{message}</p>
        {offer === "apply" ? (
          <Form method="post" className="mt-6">
            <Button type="submit" disabled={submitting}>
              {kind === "unsubscribe" || (loaderData.link.ok && loaderData.link.link.topics.length === 0)
                ? submitting
                  ? t("newsletter.link.unsubscribing")
                  : t("newsletter.link.unsubscribe")
                : submitting
                  ? t("newsletter.link.confirming")
                  : t("newsletter.link.confirm")}
            </Button>
          </Form>
        ) : (
          <ButtonLink to="/store" variant="secondary" className="mt-6">
            {t("newsletter.link.continue")}
          </ButtonLink>
        )}
      </div>
    </Container>
  );
}
