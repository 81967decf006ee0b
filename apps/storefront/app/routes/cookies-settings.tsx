import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CONSENT_INTENTS, COOKIE_SETTINGS_PATH, type CookieConsent } from "~/features/consent/consent";
import { consentCookieHeader, localeCookieHeader, readConsent } from "~/features/consent/consent.server";
import { pageTitle } from "~/features/layout/meta";
import { redirectWithToast } from "~/lib/flash.server";
import { CheckboxField, dispatchIntent, intent, NoFieldsFormSchema } from "~/lib/form-intents.server";
import { INTENT_FIELD } from "~/lib/form-intents";
import { getSafeRedirectPath, getSameOriginRefererPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/cookies-settings";

/** /cookies-settings: what the shop stores, the shopper's analytics and marketing choices, changeable at any time. */
export async function loader({ request }: Route.LoaderArgs) {
  return { consent: await readConsent(request) };
}

/** Where the banner's forms send the shopper back to: the page they were on (same-site paths only). */
const RETURN_FIELD = "redirectTo";

const CONSENT_SAVED: Record<string, string> = {
  [CONSENT_INTENTS.acceptAll]: "Thanks: analytics and marketing cookies are on. You can change this at any time.",
  [CONSENT_INTENTS.rejectAll]: "Only the cookies the shop needs to work are used. You can change this at any time.",
  [CONSENT_INTENTS.save]: "Your cookie settings have been saved.",
};

/**
 * The banner's accept all and reject all, and this page's save: the choice goes into the consent cookie and the
 * shopper back to where they were, by a full page load (the next page's Content-Security-Policy admits the tag
 * manager only once analytics consent is given).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  // Back to the page the banner was on: its Referer (after in-app navigation, the address shown, which the
  // banner's server-made form cannot know), or this page's own return field.
  const back = getSafeRedirectPath(form.get(RETURN_FIELD) ?? getSameOriginRefererPath(request), COOKIE_SETTINGS_PATH);
  const record = async (consent: CookieConsent, intentName: string) => {
    const headers = new Headers();
    headers.append("Set-Cookie", await consentCookieHeader(consent));
    headers.append("Set-Cookie", localeCookieHeader());
    return redirectWithToast(back, { kind: "success", message: CONSENT_SAVED[intentName] ?? "" }, { status: 303, headers });
  };
  return dispatchIntent(form, {
    [CONSENT_INTENTS.acceptAll]: intent({
      schema: NoFieldsFormSchema,
      run: () => record({ analytics: true, marketing: true }, CONSENT_INTENTS.acceptAll),
    }),
    [CONSENT_INTENTS.rejectAll]: intent({
      schema: NoFieldsFormSchema,
      run: () => record({ analytics: false, marketing: false }, CONSENT_INTENTS.rejectAll),
    }),
    [CONSENT_INTENTS.save]: intent({
      schema: z.object({ analytics: CheckboxField, marketing: CheckboxField }),
      run: (choice) => record(choice, CONSENT_INTENTS.save),
    }),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Cookie settings", matches) }];
}

const KINDS = [
  {
    name: "analytics",
    title: "Analytics",
    description:
      "Tells us which pages and books are looked at and what is bought, through our tag manager, so that we can improve the shop. Nothing is sent until you allow it.",
  },
  {
    name: "marketing",
    title: "Marketing",
    description: "Lets us and our advertising partners measure our campaigns and show you offers that suit you.",
  },
] as const;

export default function CookieSettingsPage({ loaderData }: Route.ComponentProps) {
  const { consent } = loaderData;
  const saving = useNavigation().state === "submitting";
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-title font-semibold tracking-tight">Cookie settings</h1>
        <p className="mt-4 text-ink-muted">
          Choose which cookies we may use. The ones the shop needs to work (your basket, sign-in, currency, country and this choice) are
          always on; nothing else is used until you say so, and you can change your mind here at any time.
        </p>
        <p className="mt-3 text-sm text-ink-muted" data-testid="consent-state">
          {consent === null
            ? "You haven't made a choice yet: analytics and marketing cookies are off."
            : `Your choice: analytics ${consent.analytics ? "on" : "off"}, marketing ${consent.marketing ? "on" : "off"}.`}
        </p>

        <Form method="post" reloadDocument className="mt-8 grid gap-4">
          <input type="hidden" name={RETURN_FIELD} value={COOKIE_SETTINGS_PATH} />
          <fieldset className="grid gap-4">
            <legend className="sr-only">Cookies you allow</legend>
            <div className="rounded-lg border border-line bg-surface p-4">
              <p className="font-semibold text-ink">Strictly necessary</p>
              <p className="mt-1 text-sm text-ink-muted">
                Your basket, sign-in, currency, country, language and this choice. Always on: the shop cannot work without them.
              </p>
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
              Save my choices
            </Button>
            <Button type="submit" variant="secondary" name={INTENT_FIELD} value={CONSENT_INTENTS.acceptAll} disabled={saving}>
              Accept all
            </Button>
            <Button type="submit" variant="secondary" name={INTENT_FIELD} value={CONSENT_INTENTS.rejectAll} disabled={saving}>
              Reject all
            </Button>
          </div>
        </Form>
      </div>
    </Container>
  );
}
