import type { ReactNode } from "react";
import {
  ChangePasswordBodySchema,
  NewsletterSubscriptionBodySchema,
  UpdateCustomerSettingsBodySchema,
  type CustomerSettings,
  type NewsletterSubscription,
} from "@quire/contracts";
import { buttonClass } from "~/components/ui/button";
import { ERASURE_LINK_HOURS } from "@quire/contracts/constants";
import { ChangePasswordForm } from "~/features/account/change-password-form";
import { DeleteAccountForm } from "~/features/account/delete-account-form";
import { ProfileForm } from "~/features/account/profile-form";
import { FormNotice } from "~/components/forms/form-alert";
import { formText, type FormFailure } from "~/components/forms/form-errors";
import { failedForm, rejectedForm } from "~/components/forms/form-failure.server";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { pageTitle } from "~/features/layout/meta";
import { NewsletterPreferencesForm } from "~/features/newsletter/newsletter-preferences-form";
import { topicList, type NewsletterTopicId } from "~/features/newsletter/newsletter-topics";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";
import { PASSWORD_CHANGE_REQUIRED } from "~/lib/auth-redirects";
import { mergeGuestCart } from "~/features/auth/auth.server";
import { apiContext, sessionContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { ACCOUNT_SETTINGS_INTENTS } from "~/lib/account-intents";
import { CheckboxField, dispatchIntent, intent, NoFieldsFormSchema } from "~/lib/form-intents.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/account-settings";
import { t } from "~/lib/i18n/messages/account";
import { t as actionText } from "~/lib/i18n/messages/account-server";

export const handle: RouteHandle = { requiredAuthentication: true };

/**
 * /account/settings: the customer's details, marketing choice, newsletters, password and their data: its export, and
 * asking to delete the account (signed in only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [{ data: settings }, newsletters] = await Promise.all([api.call("getCustomerSettings"), getNewsletters(api)]);
  const passwordChangeRequired = new URL(request.url).searchParams.get("message") === PASSWORD_CHANGE_REQUIRED;
  return { settings, newsletters, passwordChangeRequired };
}

/**
 * The account email's newsletters; null while the API refuses other calls (403: a password change is
 * required or the privacy policy is pending), which this page is where the customer resolves.
 */
async function getNewsletters(api: ApiClient): Promise<NewsletterSubscription | null> {
  try {
    return (await api.call("getNewsletterSubscription")).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403) return null;
    throw error;
  }
}

/** The newsletters form: the topics ticked (none: unsubscribe from all); the email is the account's own. */
const NewslettersFormSchema = NewsletterSubscriptionBodySchema.pick({ topics: true });

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

/**
 * Saves the details, the newsletters or the password, or asks for the emailed link that deletes the account, as the
 * form's intent says; success flashes a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const { profile, newsletters, password, deleteAccount } = ACCOUNT_SETTINGS_INTENTS;

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
        return redirectWithToast(
          "/account/settings",
          { kind: "success", message: actionText("account.settings.details_saved") },
          { status: 303 },
        );
      },
    }),
    [newsletters]: intent({
      schema: NewslettersFormSchema,
      run: async ({ topics }) => {
        try {
          const { data: own } = await api.call("getNewsletterSubscription");
          await api.call("updateNewsletterSubscription", { body: { email: own.email, topics } });
        } catch (error) {
          return failedForm(error, { intent: newsletters });
        }
        const message =
          topics.length === 0
            ? actionText("account.settings.unsubscribed")
            : actionText("account.settings.newsletters_saved", { topics: topicList(topics as NewsletterTopicId[]) });
        return redirectWithToast("/account/settings", { kind: "success", message }, { status: 303 });
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
          { kind: "success", message: actionText("account.settings.password_changed") },
          { status: 303, headers },
        );
      },
    }),
    [deleteAccount]: intent({
      schema: NoFieldsFormSchema,
      run: async () => {
        let sentTo: string;
        try {
          sentTo = (await api.call("requestErasure")).data.sentTo;
        } catch (error) {
          return failedForm(error, { intent: deleteAccount });
        }
        return redirectWithToast(
          "/account/settings",
          { kind: "success", message: actionText("account.settings.deletion_link_sent", { email: sentTo, hours: ERASURE_LINK_HOURS }) },
          { status: 303 },
        );
      },
    }),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("account.settings.title"), matches) }, { name: "robots", content: "noindex" }];
}

function failureOf(actionData: FormFailure | undefined, intent: string): FormFailure | undefined {
  return actionData?.intent === intent ? actionData : undefined;
}

/** One section of the page: a card with its heading (which names it), an optional line of introduction, and its body. */
function SettingsSection({
  id,
  title,
  intro,
  bodyClassName = "mt-4",
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-card border border-line bg-surface p-5 shadow-sm sm:p-8" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-ink-muted">{intro}</p> : null}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, newsletters, passwordChangeRequired } = loaderData;
  useFailureToast(actionData);
  const password = (
    <SettingsSection key="password" id="password" title={t("account.settings.password")} bodyClassName="mt-6">
      <ChangePasswordForm
        failure={failureOf(actionData, ACCOUNT_SETTINGS_INTENTS.password)}
        context={contextOf(settings)}
        autoFocus={passwordChangeRequired}
      />
    </SettingsSection>
  );
  const details = (
    <SettingsSection key="details" id="profile" title={t("account.settings.details")} bodyClassName="mt-6">
      {/* Keyed by the consent, which the newsletters form also changes: its box then shows the saved state. */}
      <ProfileForm
        key={String(settings.marketingOptIn)}
        settings={settings}
        failure={failureOf(actionData, ACCOUNT_SETTINGS_INTENTS.profile)}
      />
    </SettingsSection>
  );
  const newslettersSection = newsletters ? (
    <SettingsSection key="newsletters" id="newsletters" title={t("account.settings.newsletters")}>
      {/* Keyed by the saved topics, which the details form's marketing box also changes. */}
      <NewsletterPreferencesForm
        key={newsletters.topics.join()}
        email={newsletters.email}
        topics={newsletters.topics}
        failure={failureOf(actionData, ACCOUNT_SETTINGS_INTENTS.newsletters)}
      />
    </SettingsSection>
  ) : null;
  const yourData = (
    <SettingsSection
      key="your-data"
      id="your-data"
      title={t("account.settings.your_data")}
      intro={t("account.settings.your_data_intro")}
      bodyClassName="mt-4 flex flex-wrap gap-3"
    >
      {/* Plain links to resource routes: a download and a text page, with or without JavaScript. */}
      <a href="/account/data-export" download className={buttonClass({ variant: "secondary" })}>
        {t("account.settings.download_data")}
      </a>
      <a href="/account/data-export/summary" className={buttonClass({ variant: "secondary" })}>
        {t("account.settings.read_data_summary")}
      </a>
    </SettingsSection>
  );
  const deleteAccount = (
    <SettingsSection
      key="delete-account"
      id="delete-account"
      title={t("account.settings.delete_account")}
      intro={t("account.settings.delete_account_intro")}
    >
      <DeleteAccountForm />
    </SettingsSection>
  );
  return (
    <div className="grid max-w-2xl gap-8">
      <div>
        <h1 className="text-title font-semibold tracking-tight">{t("account.settings.title")}</h1>
        <p className="mt-3 text-ink-muted">{t("account.settings.intro")}</p>
      </div>
      {passwordChangeRequired ? (
        <FormNotice tone="warn" id="password-change-required">
          <p className="font-semibold">{t("account.settings.change_required")}</p>
          <p>{t("account.settings.change_required_why")}</p>
        </FormNotice>
      ) : null}
      {/* A forced change puts the password first, where the notice points. */}
      {passwordChangeRequired
        ? [password, details, newslettersSection, yourData, deleteAccount]
        : [details, newslettersSection, password, yourData, deleteAccount]}
    </div>
  );
}

/** The customer's own details, which the strength indicator counts against a new password. */
function contextOf(settings: CustomerSettings): string[] {
  return [settings.email, settings.firstName, settings.lastName].filter(Boolean);
}
