import {
  ChangePasswordBodySchema,
  CustomerSettingsResponseSchema,
  UpdateCustomerSettingsBodySchema,
  type CustomerSettings,
} from "@quire/contracts";
import { z } from "zod";
import { Container } from "~/components/ui/container";
import { ChangePasswordForm, PASSWORD_INTENT } from "~/features/account/change-password-form";
import { PROFILE_INTENT, ProfileForm } from "~/features/account/profile-form";
import { FormNotice } from "~/features/auth/form-alert";
import { formText, type FormFailure } from "~/features/auth/form-errors";
import { failedForm, invalidForm, rejectedForm } from "~/features/auth/form-failure.server";
import { useFailureToast } from "~/features/auth/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { PASSWORD_CHANGE_REQUIRED } from "~/lib/auth-redirects";
import { mergeGuestCart } from "~/lib/auth.server";
import { apiContext, sessionContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-settings";

export const handle: RouteHandle = { requiredAuthentication: true };

/** /account/settings: the customer's details, marketing choice and password (signed in only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: settings } = await context.get(apiContext).get("/customers/current/settings", CustomerSettingsResponseSchema);
  const passwordChangeRequired = new URL(request.url).searchParams.get("message") === PASSWORD_CHANGE_REQUIRED;
  return { settings, passwordChangeRequired };
}

const IntentSchema = z.enum([PROFILE_INTENT, PASSWORD_INTENT]);

/** Saves the details or changes the password, as the form's intent says; success flashes a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = IntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return rejectedForm([{ code: "intent_invalid", message: "That form isn't one this page knows." }]);
  const api = context.get(apiContext);

  switch (intent.data) {
    case PROFILE_INTENT: {
      const values = {
        firstName: formText(form, "firstName"),
        lastName: formText(form, "lastName"),
        phone: formText(form, "phone"),
        marketingOptIn: form.get("marketingOptIn") === "on" ? "on" : "",
      };
      const parsed = UpdateCustomerSettingsBodySchema.safeParse({ ...values, marketingOptIn: values.marketingOptIn === "on" });
      if (!parsed.success) return invalidForm(parsed.error, { values, intent: PROFILE_INTENT });
      try {
        await api.put("/customers/current/settings", CustomerSettingsResponseSchema, parsed.data);
      } catch (error) {
        return failedForm(error, { values, intent: PROFILE_INTENT });
      }
      return redirectWithToast("/account/settings", { kind: "success", message: "Your details have been saved." }, { status: 303 });
    }
    case PASSWORD_INTENT: {
      const parsed = ChangePasswordBodySchema.safeParse({
        currentPassword: formText(form, "currentPassword"),
        newPassword: formText(form, "newPassword"),
      });
      if (!parsed.success) return invalidForm(parsed.error, { intent: PASSWORD_INTENT });
      try {
        await api.put("/customers/current/password", z.unknown(), parsed.data);
      } catch (error) {
        return failedForm(error, { intent: PASSWORD_INTENT });
      }
      // Any forced change is over: the page loses its ?message, and a guest basket it held back is merged.
      const token = context.get(sessionContext).token;
      const headers = new Headers();
      for (const cookie of token ? await mergeGuestCart(context, token) : []) headers.append("Set-Cookie", cookie);
      return redirectWithToast("/account/settings", { kind: "success", message: "Your password has been changed." }, { status: 303, headers });
    }
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Account settings", matches) }, { name: "robots", content: "noindex" }];
}

function failureOf(actionData: FormFailure | undefined, intent: string): FormFailure | undefined {
  return actionData?.intent === intent ? actionData : undefined;
}

const sectionClass = "rounded-card border border-line bg-surface p-5 shadow-sm sm:p-8";

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, passwordChangeRequired } = loaderData;
  useFailureToast(actionData);
  const password = (
    <section key="password" className={sectionClass} aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-xl font-semibold">
        Password
      </h2>
      <div className="mt-6">
        <ChangePasswordForm failure={failureOf(actionData, PASSWORD_INTENT)} context={contextOf(settings)} autoFocus={passwordChangeRequired} />
      </div>
    </section>
  );
  const details = (
    <section key="details" className={sectionClass} aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-xl font-semibold">
        Your details
      </h2>
      <div className="mt-6">
        <ProfileForm settings={settings} failure={failureOf(actionData, PROFILE_INTENT)} />
      </div>
    </section>
  );
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto grid max-w-2xl gap-8">
        <div>
          <h1 className="text-title font-semibold tracking-tight">Account settings</h1>
          <p className="mt-3 text-ink-muted">Your details, marketing preferences and password.</p>
        </div>
        {passwordChangeRequired ? (
          <FormNotice tone="warn" id="password-change-required">
            <p className="font-semibold">Please choose a new password to continue.</p>
            <p>For your security the shop has asked you to change your password before you go on.</p>
          </FormNotice>
        ) : null}
        {/* A forced change puts the password first, where the notice points. */}
        {passwordChangeRequired ? [password, details] : [details, password]}
      </div>
    </Container>
  );
}

/** The customer's own details, which the strength indicator counts against a new password. */
function contextOf(settings: CustomerSettings): string[] {
  return [settings.email, settings.firstName, settings.lastName].filter(Boolean);
}
