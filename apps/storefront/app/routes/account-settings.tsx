import { ChangePasswordBodySchema, UpdateCustomerSettingsBodySchema, type CustomerSettings } from "@quire/contracts";
import { ChangePasswordForm } from "~/features/account/change-password-form";
import { ProfileForm } from "~/features/account/profile-form";
import { FormNotice } from "~/features/auth/form-alert";
import { formText, type FormFailure } from "~/features/auth/form-errors";
import { failedForm, rejectedForm } from "~/features/auth/form-failure.server";
import { useFailureToast } from "~/features/auth/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { PASSWORD_CHANGE_REQUIRED } from "~/lib/auth-redirects";
import { mergeGuestCart } from "~/lib/auth.server";
import { apiContext, sessionContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { ACCOUNT_SETTINGS_INTENTS } from "~/lib/form-intents";
import { CheckboxField, dispatchIntent, intent } from "~/lib/form-intents.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-settings";

export const handle: RouteHandle = { requiredAuthentication: true };

/** /account/settings: the customer's details, marketing choice and password (signed in only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: settings } = await context.get(apiContext).call("getCustomerSettings");
  const passwordChangeRequired = new URL(request.url).searchParams.get("message") === PASSWORD_CHANGE_REQUIRED;
  return { settings, passwordChangeRequired };
}

/** The details form: the contract's fields, the marketing choice as a checkbox. */
const ProfileFormSchema = UpdateCustomerSettingsBodySchema.extend({ marketingOptIn: CheckboxField });

/** What the details form comes back filled in with when it is refused. */
function profileValues(form: FormData): Record<string, string> {
  return {
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    phone: formText(form, "phone"),
    marketingOptIn: form.get("marketingOptIn") === "on" ? "on" : "",
  };
}

/** Saves the details or changes the password, as the form's intent says; success flashes a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const { profile, password } = ACCOUNT_SETTINGS_INTENTS;

  return dispatchIntent(await request.formData(), {
    [profile]: intent({
      schema: ProfileFormSchema,
      invalid: (errors, form) => rejectedForm(errors, { values: profileValues(form), intent: profile }),
      run: async (body, form) => {
        try {
          await api.call("updateCustomerSettings", { body });
        } catch (error) {
          return failedForm(error, { values: profileValues(form), intent: profile });
        }
        return redirectWithToast("/account/settings", { kind: "success", message: "Your details have been saved." }, { status: 303 });
      },
    }),
    [password]: intent({
      schema: ChangePasswordBodySchema,
      run: async (body) => {
        try {
          await api.call("changePassword", { body });
        } catch (error) {
          return failedForm(error, { intent: password });
        }
        // Any forced change is over: the page loses its ?message, and a guest basket it held back is merged.
        const token = context.get(sessionContext).token;
        const headers = new Headers();
        for (const cookie of token ? await mergeGuestCart(context, token) : []) headers.append("Set-Cookie", cookie);
        return redirectWithToast(
          "/account/settings",
          { kind: "success", message: "Your password has been changed." },
          { status: 303, headers },
        );
      },
    }),
  });
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
        <ChangePasswordForm
          failure={failureOf(actionData, ACCOUNT_SETTINGS_INTENTS.password)}
          context={contextOf(settings)}
          autoFocus={passwordChangeRequired}
        />
      </div>
    </section>
  );
  const details = (
    <section key="details" className={sectionClass} aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-xl font-semibold">
        Your details
      </h2>
      <div className="mt-6">
        <ProfileForm settings={settings} failure={failureOf(actionData, ACCOUNT_SETTINGS_INTENTS.profile)} />
      </div>
    </section>
  );
  return (
    <div className="grid max-w-2xl gap-8">
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
  );
}

/** The customer's own details, which the strength indicator counts against a new password. */
function contextOf(settings: CustomerSettings): string[] {
  return [settings.email, settings.firstName, settings.lastName].filter(Boolean);
}
