import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/lib/fetcher-response";
import { t } from "~/lib/i18n/messages/layout";

/**
 * The footer's newsletter form, on every page, so it is kept small (the pages' script budgets). It posts to
 * /newsletter: through a fetcher once the page is hydrated (the error or the success appear in place), as a
 * plain form before that or without JavaScript (the answer comes back as a toast on the page it was sent from).
 * Its one field is the email (the route subscribes it to the footer's topics), so any refusal is that field's.
 */
export function NewsletterSignup() {
  const fetcher = useFetcher<{ errors: { message: string }[] } | { message: string }>();
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = answer && "errors" in answer ? answer.errors[0]?.message : undefined;
  return (
    <section aria-labelledby="newsletter-heading" className="max-w-sm">
      <h2 id="newsletter-heading" className="font-sans text-sm font-semibold tracking-wider text-on-night uppercase">
        {t("layout.newsletter.title")}
      </h2>
      <p className="mt-3 text-[0.9375rem] text-on-night-muted">{t("layout.newsletter.pitch")}</p>
      <fetcher.Form method="post" action="/newsletter" className="mt-4" noValidate={hydrated}>
        {hydrated ? <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} /> : null}
        <label htmlFor="newsletter-email" className="mb-1.5 block text-sm font-medium text-on-night">
          {t("layout.newsletter.email")}
        </label>
        <div className="flex gap-2">
          <input
            id="newsletter-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            className={`${inputClass} min-w-0 flex-1`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "newsletter-email-error" : undefined}
          />
          <Button type="submit" disabled={fetcher.state !== "idle"} className="shrink-0">
            {t("layout.newsletter.submit")}
          </Button>
        </div>
        {error ? (
          <p id="newsletter-email-error" className="mt-2 text-sm font-medium text-accent-on-night">
            {error}
          </p>
        ) : null}
        <p role="status" className="mt-2 text-sm text-on-night">
          {answer && "message" in answer ? answer.message : null}
        </p>
      </fetcher.Form>
    </section>
  );
}
