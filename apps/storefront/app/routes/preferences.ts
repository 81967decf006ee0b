import { redirect } from "react-router";
import { z } from "zod";
import { t } from "~/lib/i18n/translate";
import { preferencesContext } from "~/lib/context.server";
import { flashToastHeader } from "~/lib/flash.server";
import { parseForm } from "~/lib/form-intents.server";
import { countryCookie, currencyCookie, listCountryOptions } from "~/lib/preferences.server";
import { localeCookieHeader } from "~/features/consent/consent.server";
import { getSafeRedirectPath, getSameOriginRefererPath } from "~/lib/safe-redirect";
import { getStoreSettings } from "~/lib/shop-data.server";
import type { Route } from "./+types/preferences";
import { t as layoutText } from "~/lib/i18n/messages/layout-server";

/**
 * POST /preferences: the header's currency and country form. Codes are checked against the store's
 * settings; unknown ones are ignored, so the cookies only ever hold what the store offers. The shopper is
 * sent back to the page the form was on (same-site paths only, never an open redirect).
 */
/** The header's currency and country pickers; either may be left out. Only the shop's own are taken. */
const PreferencesFormSchema = z.object({ currencyCode: z.string().optional(), countryCode: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const settings = await getStoreSettings();
  const back = getSafeRedirectPath(form.get("redirectTo") ?? getSameOriginRefererPath(request), "/");

  const headers = new Headers();
  const chosen = parseForm(form, PreferencesFormSchema);
  const offered = (code: string | undefined, codes: string[]) => (code !== undefined && codes.includes(code) ? code : undefined);
  const currencyCode = chosen.ok ? offered(chosen.value.currencyCode, settings.currencyCodes) : undefined;
  const countryCode = chosen.ok ? offered(chosen.value.countryCode, settings.countryCodes) : undefined;
  if (currencyCode) headers.append("Set-Cookie", await currencyCookie.serialize(currencyCode));
  if (countryCode) headers.append("Set-Cookie", await countryCookie.serialize(countryCode));
  if (currencyCode || countryCode) headers.append("Set-Cookie", localeCookieHeader());

  if (currencyCode || countryCode) {
    const current = context.get(preferencesContext);
    const currency = currencyCode ?? current.currencyCode;
    const country = listCountryOptions([countryCode ?? current.countryCode])[0]?.label ?? "";
    headers.append("Set-Cookie", await flashToastHeader({ kind: "success", message: t("toast.preferences_saved", { currency, country }) }));
  } else {
    headers.append("Set-Cookie", await flashToastHeader({ kind: "error", message: layoutText("layout.preferences.unavailable") }));
  }
  return redirect(back, { status: 303, headers });
}

/** Only the form posts here; a visit by address goes home. */
export function loader() {
  return redirect("/", 302);
}
