import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/forms/form-alert";
import type { FormFailure } from "~/components/forms/form-errors";
import { INTENT_FIELD } from "~/lib/form-intents";
import { ACCOUNT_SETTINGS_INTENTS } from "~/lib/account-intents";
import { NEWSLETTER_TOPIC_IDS, NEWSLETTER_TOPIC_TEXT, type NewsletterTopicId } from "./newsletter-topics";
import { t } from "~/lib/i18n/messages/newsletter";
import { textAround } from "~/lib/i18n/translator";

/**
 * The account's newsletters (PUT /marketing-customers/subscriptions with the account's own email, applied at
 * once): one checkbox per topic; none ticked unsubscribes from all.
 */
export function NewsletterPreferencesForm({
  email,
  topics,
  failure,
}: {
  email: string;
  topics: readonly NewsletterTopicId[];
  failure: FormFailure | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === ACCOUNT_SETTINGS_INTENTS.newsletters;
  const sentTo = textAround(t("newsletter.preferences.sent_to"), "email");
  return (
    <Form method="post" className="grid gap-5">
      <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_SETTINGS_INTENTS.newsletters} />
      {failure ? <FormAlert errors={failure.errors} /> : null}
      <fieldset>
        <legend className="text-sm text-ink-muted">
          {sentTo[0]}
          <span className="font-medium text-ink">{email}</span>
          {sentTo[1]}
        </legend>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {NEWSLETTER_TOPIC_IDS.map((topic) => (
            <div key={topic} className="flex items-start gap-3 rounded-control border border-line p-3">
              <input
                id={`newsletter-topic-${topic}`}
                type="checkbox"
                name="topics"
                value={topic}
                defaultChecked={topics.includes(topic)}
                aria-describedby={`newsletter-topic-${topic}-description`}
                className="mt-0.5 size-5 shrink-0 accent-accent"
              />
              <div className="text-sm">
                <label htmlFor={`newsletter-topic-${topic}`} className="font-medium text-ink">
                  {NEWSLETTER_TOPIC_TEXT[topic].label}
                </label>
                <p id={`newsletter-topic-${topic}-description`} className="text-ink-muted">
                  {NEWSLETTER_TOPIC_TEXT[topic].description}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? t("newsletter.preferences.saving") : t("newsletter.preferences.save")}
        </Button>
      </div>
    </Form>
  );
}
