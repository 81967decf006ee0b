import { ContactMessageBodySchema } from "@quire/contracts";
import { CONTACT_SUBJECTS } from "@quire/contracts/constants";
import { useId } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Button, textLinkClass } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { inputClass, labelClass, selectChevronClass, selectClass } from "~/components/ui/field";
import { FormAlert, FormNotice } from "~/components/forms/form-alert";
import { fieldError, formErrors, formText } from "~/components/forms/form-errors";
import { failedForm, formAnswerHeaders, rejectedForm } from "~/components/forms/form-failure.server";
import { FieldError, TextField } from "~/components/forms/text-field";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { CONTACT_SUBJECT_LABELS, getLinkedSubject, SUBJECT_PARAM } from "~/features/contact/contact-subjects";
import { pageTitle } from "~/features/layout/meta";
import { getCurrentCustomer } from "~/features/auth/auth.server";
import { apiContext } from "~/lib/context.server";
import { parseForm } from "~/lib/form-intents.server";
import type { Route } from "./+types/contact-us";
import { t } from "~/lib/i18n/messages/contact";
import { textAround } from "~/lib/i18n/translator";

const FIELDS = ["name", "email", "subject", "message"] as const;
const SENT_PARAM = "sent";

/**
 * /contact-us: the contact form, filled in with a signed-in customer's name and email, its subject chosen by a
 * link's ?subject= (the accessibility statement's "report a problem"; one the form does not offer is ignored).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const sent = query.get(SENT_PARAM);
  const customer = await getCurrentCustomer(context);
  return {
    sent: sent !== null && /^C-[0-9A-Z]{8}$/.test(sent) ? sent : null,
    name: customer ? `${customer.firstName} ${customer.lastName}`.trim() : "",
    email: customer?.email ?? "",
    subject: getLinkedSubject(query.get(SUBJECT_PARAM)),
  };
}

/**
 * POST /contact-messages, then the page again saying it was sent, with its reference (a redirect, so a reload
 * does not send it twice). Refused fields come back beside each field, with what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((field) => [field, formText(form, field)]));
  const parsed = parseForm(form, ContactMessageBodySchema);
  if (!parsed.ok) return rejectedForm(parsed.errors, { values });
  try {
    const { data } = await context.get(apiContext).call("sendContactMessage", { body: parsed.value });
    return redirect(`/contact-us?${SENT_PARAM}=${encodeURIComponent(data.reference)}`, 303);
  } catch (error) {
    // The fields were checked above with the API's own schema: what the API can still refuse is the whole
    // message (too many sent from here), shown above the form.
    return failedForm(error, { values });
  }
}

/** A refusal that lasts (429) says when to try again (Retry-After). */
export const headers = formAnswerHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("contact.title"), matches) }, { name: "description", content: t("contact.description") }];
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  const id = useId();
  useFailureToast(failure);
  const typed = failure?.values;
  const subjectError = fieldError(failure, "subject");
  const messageError = fieldError(failure, "message");

  const sentReference = textAround(t("contact.sent_reference"), "reference");
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_18rem]">
        <div>
          <h1 className="text-title font-semibold tracking-tight">{t("contact.title")}</h1>
          <p className="mt-3 text-lg text-ink-muted">{t("contact.intro")}</p>
          {loaderData.sent ? (
            <div className="mt-8">
              <FormNotice tone="success">
                <p className="font-semibold">{t("contact.sent")}</p>
                <p>
                  {sentReference[0]}
                  <strong>{loaderData.sent}</strong>
                  {sentReference[1]}
                </p>
              </FormNotice>
              <p className="mt-6">
                <Link to="/contact-us" className={textLinkClass}>
                  {t("contact.send_another")}
                </Link>
              </p>
            </div>
          ) : (
            <Form method="post" noValidate className="mt-8 grid gap-5">
              <FormAlert errors={formErrors(failure, FIELDS)} />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  label={t("contact.name")}
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={120}
                  defaultValue={typed?.name ?? loaderData.name}
                  error={fieldError(failure, "name")}
                />
                <TextField
                  label={t("contact.email")}
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  maxLength={254}
                  defaultValue={typed?.email ?? loaderData.email}
                  error={fieldError(failure, "email")}
                />
              </div>
              <div>
                <label htmlFor={`${id}-subject`} className={labelClass}>
                  {t("contact.subject")}
                </label>
                <select
                  id={`${id}-subject`}
                  name="subject"
                  required
                  defaultValue={typed?.subject ?? loaderData.subject ?? ""}
                  aria-invalid={subjectError ? true : undefined}
                  aria-describedby={subjectError ? `${id}-subject-error` : undefined}
                  className={`${selectClass} ${selectChevronClass}`}
                >
                  <option value="">{t("contact.choose_subject")}</option>
                  {CONTACT_SUBJECTS.map((subject) => (
                    <option key={subject} value={subject}>
                      {CONTACT_SUBJECT_LABELS[subject]}
                    </option>
                  ))}
                </select>
                <FieldError id={`${id}-subject-error`} message={subjectError} />
              </div>
              <div>
                <label htmlFor={`${id}-message`} className={labelClass}>
                  {t("contact.message")}
                </label>
                <textarea
                  id={`${id}-message`}
                  name="message"
                  required
                  rows={7}
                  maxLength={4000}
                  defaultValue={typed?.message ?? ""}
                  aria-invalid={messageError ? true : undefined}
                  aria-describedby={messageError ? `${id}-message-error` : undefined}
                  className={`${inputClass} min-h-40 py-3`}
                />
                <FieldError id={`${id}-message-error`} message={messageError} />
              </div>
              <div>
                <Button type="submit" disabled={submitting}>
                  {submitting ? t("contact.sending") : t("contact.send")}
                </Button>
              </div>
            </Form>
          )}
        </div>
        <aside className="grid content-start gap-6 rounded-card border border-line bg-surface p-6 text-[0.9375rem]">
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">{t("contact.aside.email")}</h2>
            <p className="mt-2">
              <a href="mailto:help@quire.example" className={textLinkClass}>
                help@quire.example
              </a>
            </p>
          </div>
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">{t("contact.aside.hours")}</h2>
            <p className="mt-2 text-ink-muted">{t("contact.aside.hours_text")}</p>
          </div>
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">{t("contact.aside.quick_answers")}</h2>
            <ul className="mt-2 grid gap-1">
              <li>
                <Link to="/deliveries" className={textLinkClass}>
                  {t("contact.aside.delivery")}
                </Link>
              </li>
              <li>
                <Link to="/returns" className={textLinkClass}>
                  {t("contact.aside.returns")}
                </Link>
              </li>
              <li>
                <Link to="/faq" className={textLinkClass}>
                  {t("contact.aside.faq")}
                </Link>
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </Container>
  );
}
