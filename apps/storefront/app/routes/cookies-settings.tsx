import type { CookieConsentSource } from "@quire/contracts";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CONSENT_INTENTS, COOKIE_SETTINGS_PATH, type CookieConsent } from "~/features/consent/consent";
import { CONSENT_SOURCE_FIELD, CONSENT_SOURCES } from "~/features/consent/consent-sources";
import { DecisionFormSchema, recordCookieDecision } from "~/features/consent/consent-records.server";
import {
  CONSENT_VERSION,
  consentCookieHeader,
  localeCookieHeader,
  newConsentId,
  readConsent,
  readConsentId,
} from "~/features/consent/consent.server";
import { apiContext } from "~/lib/context.server";
import { pageTitle } from "~/features/layout/meta";
import { redirectWithToast } from "~/lib/flash.server";
import { CheckboxField, dispatchIntent, intent } from "~/lib/form-intents.server";
import { INTENT_FIELD } from "~/lib/form-intents";
import { getSafeRedirectPath, getSameOriginRefererPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/cookies-settings";
import { t } from "~/lib/i18n/messages/consent";

/** /cookies-settings: what the shop stores, the shopper's analytics and marketing choices, changeable at any time. */
export async function loader({ request }: Route.LoaderArgs) {
  return { consent: await readConsent(request) };
}

/** Where the banner's forms send the shopper back to: the page they were on (same-site paths only). */
const RETURN_FIELD = "redirectTo";

const CONSENT_SAVED: Record<string, string> = {
  [CONSENT_INTENTS.acceptAll]: t("consent.saved.accept_all"),
  [CONSENT_INTENTS.rejectAll]: t("consent.saved.reject_all"),
  [CONSENT_INTENTS.save]: t("consent.saved.choices"),
};

/**
 * The banner's accept all and reject all, and this page's save, accept all and reject all (a withdrawal in one
 * step): the choice goes into the consent cookie, with the browser's consent id, and is recorded with the API
 * against that id (decision 060; the cookie is set even when the record fails). The shopper goes back to where
 * they were by a full page load (the next page's Content-Security-Policy admits the tag manager only once
 * analytics consent is given).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // Back to the page the banner was on: its Referer (after in-app navigation, the address shown, which the
  // banner's server-made form cannot know), or this page's own return field.
  const back = getSafeRedirectPath(form.get(RETURN_FIELD) ?? getSameOriginRefererPath(request), COOKIE_SETTINGS_PATH);
  const record = async (consent: CookieConsent, intentName: string, source: CookieConsentSource) => {
    const id = (await readConsentId(request)) ?? newConsentId();
    await recordCookieDecision(context.get(apiContext), { subject: id, ...consent, bannerVersion: CONSENT_VERSION, source });
    const headers = new Headers();
    headers.append("Set-Cookie", await consentCookieHeader(consent, id));
    headers.append("Set-Cookie", localeCookieHeader());
    return redirectWithToast(back, { kind: "success", message: CONSENT_SAVED[intentName] ?? "" }, { status: 303, headers });
  };
  return dispatchIntent(form, {
    [CONSENT_INTENTS.acceptAll]: intent({
      schema: DecisionFormSchema,
      run: ({ source }) => record({ analytics: true, marketing: true }, CONSENT_INTENTS.acceptAll, source),
    }),
    [CONSENT_INTENTS.rejectAll]: intent({
      schema: DecisionFormSchema,
      run: ({ source }) => record({ analytics: false, marketing: false }, CONSENT_INTENTS.rejectAll, source),
    }),
    [CONSENT_INTENTS.save]: intent({
      schema: DecisionFormSchema.extend({ analytics: CheckboxField, marketing: CheckboxField }),
      run: ({ source, ...choice }) => record(choice, CONSENT_INTENTS.save, source),
    }),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("consent.settings.title"), matches) }];
}

const KINDS = [
  {
    name: "analytics",
    title: t("consent.settings.analytics"),
    description: t("consent.settings.analytics_text"),
  },
  {
    name: "marketing",
    title: t("consent.settings.marketing"),
    description: t("consent.settings.marketing_text"),
  },
] as const;

export default function CookieSettingsPage({ loaderData }: Route.ComponentProps) {
  const { consent } = loaderData;
  const saving = useNavigation().state === "submitting";
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-title font-semibold tracking-tight">{t("consent.settings.title")}</h1>
        <p className="mt-4 text-ink-muted">{t("consent.settings.intro")}</p>
        <p className="mt-3 text-sm text-ink-muted" data-testid="consent-state">
          {consent === null
            ? t("consent.settings.no_choice")
            : t("consent.settings.choice", {
                analytics: consent.analytics ? t("consent.settings.on") : t("consent.settings.off"),
                marketing: consent.marketing ? t("consent.settings.on") : t("consent.settings.off"),
              })}
        </p>

        <Form method="post" reloadDocument className="mt-8 grid gap-4">
          <input type="hidden" name={RETURN_FIELD} value={COOKIE_SETTINGS_PATH} />
          <input type="hidden" name={CONSENT_SOURCE_FIELD} value={CONSENT_SOURCES.settingsPage} />
          <fieldset className="grid gap-4">
            <legend className="sr-only">{t("consent.settings.allowed")}</legend>
            <div className="rounded-lg border border-line bg-surface p-4">
              <p className="font-semibold text-ink">{t("consent.settings.necessary")}</p>
              <p className="mt-1 text-sm text-ink-muted">{t("consent.settings.necessary_text")}</p>
            </div>
            {KINDS.map((kind) => (
              <label key={kind.name} className="flex cursor-pointer gap-3 rounded-lg border border-line bg-surface p-4">
                <input
                  type="checkbox"
                  name={kind.name}
                  defaultChecked={consent?.[kind.name] ?? false}
                  className="mt-1 size-5 shrink-0 accent-accent"
                />
                <span>
                  <span className="block font-semibold text-ink">{kind.title}</span>
                  <span className="mt-1 block text-sm text-ink-muted">{kind.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name={INTENT_FIELD} value={CONSENT_INTENTS.save} disabled={saving}>
              {t("consent.settings.save")}
            </Button>
            <Button type="submit" variant="secondary" name={INTENT_FIELD} value={CONSENT_INTENTS.acceptAll} disabled={saving}>
              {t("consent.accept_all")}
            </Button>
            <Button type="submit" variant="secondary" name={INTENT_FIELD} value={CONSENT_INTENTS.rejectAll} disabled={saving}>
              {t("consent.reject_all")}
            </Button>
          </div>
        </Form>
      </div>
    </Container>
  );
}
