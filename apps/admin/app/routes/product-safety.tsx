import { ProductSafetySchema, type AdminProduct } from "@quire/contracts";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/product-safety";
import { TextArea, TextInput } from "~/components/products-fields";
import { Button, Card, ErrorSummary, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { idParamOf } from "~/lib/route-params.server";

/*
 * /products/:id/safety: a product's safety information (decision 059), which the shop shows on its page for the EU's
 * General Product Safety Regulation: who made it and how to reach them, the person responsible for it in the EU when
 * the maker is outside it, what identifies it and its warnings. A page of its own, a plain form.
 */

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Product safety of ${data?.product.name ?? "a product"} · Quire back office` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: product } = await pageRead(
    request,
    context.get(apiContext).call("getAdminProduct", { params: { id: idParamOf(params.id) } }),
  );
  return { product: { id: product.id, name: product.name, safety: product.safety } };
}

const PARTY_FIELDS = ["name", "postalAddress", "countryCode", "electronicAddress"] as const;

/**
 * The form's fields, named by their place in ProductSafety ("manufacturer.name"), read into one and checked as the
 * API checks it, so a refusal names the field it is about. The responsible person is left out when all of theirs are empty.
 */
const SafetyForm = z
  .record(z.string(), z.string())
  .transform((form) => {
    // A textarea sends its lines with CRLF: kept as plain line breaks, as the shop shows them.
    const field = (name: string) => (form[name] ?? "").replace(/\r\n?/g, "\n").trim();
    const party = (who: "manufacturer" | "responsiblePerson") =>
      Object.fromEntries(
        PARTY_FIELDS.map((part) => [part, part === "countryCode" ? field(`${who}.${part}`).toUpperCase() : field(`${who}.${part}`)]),
      );
    const responsible = PARTY_FIELDS.some((part) => field(`responsiblePerson.${part}`) !== "");
    return {
      manufacturer: party("manufacturer"),
      responsiblePerson: responsible ? party("responsiblePerson") : null,
      identifiers: field("identifiers"),
      warnings: field("warnings"),
    };
  })
  .pipe(ProductSafetySchema);

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = idParamOf(params.id);
  const form = await request.formData();
  const here = `/products/${id}/safety`;
  if (form.get("intent") === "remove") {
    return handleForm(form, z.object({}), async () => {
      await api.call("updateAdminProduct", { params: { id }, body: { safety: null } });
      return redirectWithMessage(request, here, "The product's safety information is removed.");
    });
  }
  return handleForm(form, SafetyForm, async (safety) => {
    await api.call("updateAdminProduct", { params: { id }, body: { safety } });
    return redirectWithMessage(request, here, "The product's safety information is saved.");
  });
}

const LABELS = {
  name: "Name",
  postalAddress: "Postal address",
  countryCode: "Country (a code such as GB or IE)",
  electronicAddress: "Email or web address",
} as const;

function Party({
  who,
  legend,
  hint,
  saved,
  typed,
  errors,
}: {
  who: "manufacturer" | "responsiblePerson";
  legend: string;
  hint: string;
  saved: NonNullable<AdminProduct["safety"]>["manufacturer"] | null | undefined;
  typed: Record<string, string> | undefined;
  errors: Parameters<typeof TextInput>[0]["errors"];
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-zinc-200 p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <p className="text-sm text-zinc-600">{hint}</p>
      {PARTY_FIELDS.map((field) => {
        const name = `${who}.${field}`;
        const value = typed ? (typed[name] ?? "") : (saved?.[field] ?? "");
        return field === "postalAddress" ? (
          <TextArea key={name} id={name} name={name} label={LABELS[field]} rows={3} maxLength={500} errors={errors} defaultValue={value} />
        ) : (
          <TextInput
            key={name}
            id={name}
            name={name}
            label={LABELS[field]}
            maxLength={field === "countryCode" ? 2 : field === "name" ? 200 : 254}
            errors={errors}
            defaultValue={value}
          />
        );
      })}
    </fieldset>
  );
}

export default function ProductSafetyPage() {
  const { product } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const typed = refusal && "values" in refusal ? refusal.values : undefined;
  const errors = refusal?.errors;
  const { safety } = product;
  return (
    <>
      <PageHeader title={`Product safety: ${product.name}`} />
      <p className="mb-4 text-sm">
        <Link to={`/products/${product.id}`}>Back to {product.name}</Link>
      </p>
      <ErrorSummary errors={errors} />
      <Card title="Shown on the product's page">
        <Form method="post" noValidate className="flex flex-col gap-4">
          <Party
            who="manufacturer"
            legend="Manufacturer"
            hint="Who made it: their name, postal address and an email or web address where they can be reached."
            saved={safety?.manufacturer}
            typed={typed}
            errors={errors}
          />
          <Party
            who="responsiblePerson"
            legend="Responsible person in the EU (optional)"
            hint="Required when the manufacturer is outside the EU: the person established in the EU who answers for the product. Leave it empty otherwise."
            saved={safety?.responsiblePerson}
            typed={typed}
            errors={errors}
          />
          <TextInput
            id="identifiers"
            name="identifiers"
            label="Identification (optional)"
            hint="What identifies it beyond its SKUs and ISBNs: a type, batch or serial number"
            maxLength={500}
            errors={errors}
            defaultValue={typed ? (typed.identifiers ?? "") : (safety?.identifiers ?? "")}
          />
          <TextArea
            id="warnings"
            name="warnings"
            label="Warnings and safety information (optional)"
            rows={4}
            maxLength={2000}
            errors={errors}
            defaultValue={typed ? (typed.warnings ?? "") : (safety?.warnings ?? "")}
          />
          <div className="flex flex-wrap gap-3">
            <Button name="intent" value="save">
              Save the safety information
            </Button>
            {safety ? (
              <Button kind="secondary" name="intent" value="remove">
                Remove it
              </Button>
            ) : null}
          </div>
        </Form>
      </Card>
    </>
  );
}
