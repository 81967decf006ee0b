import { ContactMessageBodySchema } from "@quire/contracts";
import { CONTACT_SUBJECTS } from "@quire/contracts/constants";
import { useId } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Button, textLinkClass } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { inputClass, labelClass, selectChevronClass, selectClass } from "~/components/ui/field";
import { FormAlert, FormNotice } from "~/features/auth/form-alert";
import { fieldError, formErrors, formText } from "~/features/auth/form-errors";
import { failedForm, rejectedForm } from "~/features/auth/form-failure.server";
import { FieldError, TextField } from "~/features/auth/text-field";
import { useFailureToast } from "~/features/auth/use-failure-toast";
import { CONTACT_SUBJECT_LABELS } from "~/features/contact/contact-subjects";
import { pageTitle } from "~/features/layout/meta";
import { getCurrentCustomer } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { parseForm } from "~/lib/form-intents.server";
import type { Route } from "./+types/contact-us";

const FIELDS = ["name", "email", "subject", "message"] as const;
const SENT_PARAM = "sent";

/** /contact-us: the contact form, filled in with a signed-in customer's name and email. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get(SENT_PARAM);
  const customer = await getCurrentCustomer(context);
  return {
    sent: sent !== null && /^C-[0-9A-Z]{8}$/.test(sent) ? sent : null,
    name: customer ? `${customer.firstName} ${customer.lastName}`.trim() : "",
    email: customer?.email ?? "",
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

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Contact us", matches) },
    { name: "description", content: "Questions about an order, a delivery or the right gift: write to our booksellers." },
  ];
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData;
  const submitting = useNavigation().state === "submitting";
  const id = useId();
  useFailureToast(failure);
  const typed = failure?.values;
  const subjectError = fieldError(failure, "subject");
  const messageError = fieldError(failure, "message");

  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_18rem]">
        <div>
          <h1 className="text-title font-semibold tracking-tight">Contact us</h1>
          <p className="mt-3 text-lg text-ink-muted">
            A question about an order, a delivery or the right book for someone? Write to us and a bookseller will reply within one working
            day.
          </p>
          {loaderData.sent ? (
            <div className="mt-8">
              <FormNotice tone="success">
                <p className="font-semibold">Thank you: your message is with us.</p>
                <p>
                  Your reference is <strong>{loaderData.sent}</strong>. We'll reply to the address you gave within one working day.
                </p>
              </FormNotice>
              <p className="mt-6">
                <Link to="/contact-us" className={textLinkClass}>
                  Send another message
                </Link>
              </p>
            </div>
          ) : (
            <Form method="post" noValidate className="mt-8 grid gap-5">
              <FormAlert errors={formErrors(failure, FIELDS)} />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  label="Your name"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={120}
                  defaultValue={typed?.name ?? loaderData.name}
                  error={fieldError(failure, "name")}
                />
                <TextField
                  label="Email address"
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
                  What is it about?
                </label>
                <select
                  id={`${id}-subject`}
                  name="subject"
                  required
                  defaultValue={typed?.subject ?? ""}
                  aria-invalid={subjectError ? true : undefined}
                  aria-describedby={subjectError ? `${id}-subject-error` : undefined}
                  className={`${selectClass} ${selectChevronClass}`}
                >
                  <option value="">Choose a subject</option>
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
                  Your message
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
                  {submitting ? "Sending…" : "Send message"}
                </Button>
              </div>
            </Form>
          )}
        </div>
        <aside className="grid content-start gap-6 rounded-card border border-line bg-surface p-6 text-[0.9375rem]">
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">Email</h2>
            <p className="mt-2">
              <a href="mailto:help@quire.example" className={textLinkClass}>
                help@quire.example
              </a>
            </p>
          </div>
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">Opening hours</h2>
            <p className="mt-2 text-ink-muted">
              Monday to Friday, 9am to 5pm (UK time). Messages sent at the weekend are answered on Monday.
            </p>
          </div>
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">Quick answers</h2>
            <ul className="mt-2 grid gap-1">
              <li>
                <Link to="/deliveries" className={textLinkClass}>
                  Delivery
                </Link>
              </li>
              <li>
                <Link to="/returns" className={textLinkClass}>
                  Returns
                </Link>
              </li>
              <li>
                <Link to="/faq" className={textLinkClass}>
                  FAQ
                </Link>
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </Container>
  );
}
