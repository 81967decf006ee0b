import { renderToStaticMarkup } from "react-dom/server";
import { Button, buttonClass, textLinkClass } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { INTENT_FIELD } from "~/lib/form-intents";
import { CONSENT_INTENTS, COOKIE_BANNER_DESCRIPTION_ID, COOKIE_BANNER_TITLE_ID, COOKIE_SETTINGS_PATH } from "./consent";
import { CONSENT_SOURCE_FIELD, CONSENT_SOURCES } from "./consent-sources";
import { t } from "~/lib/i18n/messages/consent";
import { textAround } from "~/lib/i18n/translator";

/**
 * The cookie banner's content: a description, a link to the cookie settings, and accept all,
 * reject all and manage. Plain HTML forms and links, rendered here on the server only: the same with or without
 * JavaScript, and none of it in the browser's scripts (most page views are by shoppers who have chosen). The
 * root layout puts it, as markup, inside the banner's dialog element. The forms post to /cookies-settings, which
 * records the choice and sends the shopper back to the page they were on (the Referer) by a full page load, so
 * that the next page's Content-Security-Policy admits the tag manager once analytics consent is given.
 */
function CookieBannerContent() {
  const [before, after] = textAround(t("consent.banner.text"), "link");
  return (
    <Container className="flex flex-col gap-4 py-4 md:flex-row md:items-center md:justify-between">
      <div className="max-w-2xl">
        <h2 id={COOKIE_BANNER_TITLE_ID} className="font-semibold text-ink">
          {t("consent.banner.title")}
        </h2>
        <p id={COOKIE_BANNER_DESCRIPTION_ID} className="mt-1 text-sm text-ink-muted">
          {before}
          <a href={COOKIE_SETTINGS_PATH} className={textLinkClass}>
            {t("consent.banner.link")}
          </a>
          {after}
        </p>
      </div>
      <form method="post" action={COOKIE_SETTINGS_PATH} className="flex shrink-0 flex-wrap gap-2">
        <input type="hidden" name={CONSENT_SOURCE_FIELD} value={CONSENT_SOURCES.banner} />
        <Button type="submit" size="sm" name={INTENT_FIELD} value={CONSENT_INTENTS.acceptAll}>
          {t("consent.accept_all")}
        </Button>
        <Button type="submit" size="sm" variant="secondary" name={INTENT_FIELD} value={CONSENT_INTENTS.rejectAll}>
          {t("consent.reject_all")}
        </Button>
        <a href={COOKIE_SETTINGS_PATH} className={buttonClass({ variant: "ghost", size: "sm" })}>
          {t("consent.manage")}
        </a>
      </form>
    </Container>
  );
}

/** Made once per process: the banner is the same for everyone. */
let markup: string | undefined;
export function cookieBannerMarkup(): string {
  markup ??= renderToStaticMarkup(<CookieBannerContent />);
  return markup;
}
