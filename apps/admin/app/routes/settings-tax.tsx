import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-tax";
import { InlineField, SettingsNav } from "~/components/settings-fields";
import { Button, ButtonLink, Card, ErrorSummary, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { refusalFor } from "~/lib/settings-refusal";

export const meta: Route.MetaFunction = () => [{ title: "Tax · Settings · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: tax } = await pageRead(request, context.get(apiContext).call("getAdminTaxSettings"));
  // Removing a country's rates (it is then taxed at 0%) asks first: the link's `remove` names the country.
  const remove = new URL(request.url).searchParams.get("remove");
  return { tax, removing: tax.countries.find((country) => country.countryCode === remove) ?? null };
}

/** A rate in percent as typed ("20", "5.5"): up to two decimals, 0 to 100. */
const PercentSchema = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, "Enter a percentage such as 20 or 5.5")
  .transform(Number)
  .pipe(z.number().max(100, "At most 100"));
const CountrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z]{2}$/, "Enter a two-letter country code such as GB"));
const RatesForm = z.object({ id: CountrySchema, books: PercentSchema, standard: PercentSchema });
const RemoveForm = z.object({ id: CountrySchema });
const ModeForm = z.object({
  id: z.string().regex(/^[A-Z]{3}$/),
  pricesIncludeTax: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  const here = "/settings/tax";
  switch (form.get("intent")) {
    case "rates":
    case "add":
      return handleForm(
        form,
        RatesForm,
        async ({ id, books, standard }) => {
          await api.call("setAdminCountryTaxRates", { params: { countryCode: id }, body: { ratePercent: { books, standard } } });
          return redirectWithMessage(request, here, `Tax rates for ${id} saved: books ${books}%, everything else ${standard}%.`);
        },
        { countryCode: "id", "ratePercent.books": "books", "ratePercent.standard": "standard" },
      );
    case "remove":
      return handleForm(form, RemoveForm, async ({ id }) => {
        await api.call("deleteAdminCountryTaxRates", { params: { countryCode: id } });
        return redirectWithMessage(request, here, `Tax rates for ${id} removed: it is taxed at 0%.`);
      });
    case "mode":
      return handleForm(form, ModeForm, async ({ id, pricesIncludeTax }) => {
        await api.call("setAdminCurrencyTaxMode", { params: { currencyCode: id }, body: { pricesIncludeTax } });
        return redirectWithMessage(request, here, `Prices in ${id} ${pricesIncludeTax ? "include" : "exclude"} tax.`);
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function SettingsTax() {
  const { tax, removing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const add = refusalFor(answer, "add");
  return (
    <>
      <PageHeader title="Tax" />
      <SettingsNav />
      <div className="flex max-w-4xl flex-col gap-6">
        <Card title="Prices and tax per currency">
          <ul className="flex flex-col gap-3 text-sm">
            {tax.currencies.map((currency) => {
              const refusal = refusalFor(answer, "mode", currency.currencyCode);
              return (
                <li key={currency.currencyCode} className="flex flex-wrap items-center gap-3">
                  <span>
                    Prices in <strong>{currency.currencyCode}</strong>{" "}
                    {currency.pricesIncludeTax ? "include tax" : "exclude tax (added at checkout)"}.
                  </span>
                  <Form method="post">
                    <input type="hidden" name="id" value={currency.currencyCode} />
                    <input type="hidden" name="pricesIncludeTax" value={currency.pricesIncludeTax ? "false" : "true"} />
                    <Button kind="secondary" name="intent" value="mode">
                      {currency.pricesIncludeTax
                        ? `Make ${currency.currencyCode} prices exclude tax`
                        : `Make ${currency.currencyCode} prices include tax`}
                    </Button>
                  </Form>
                  {refusal ? <ErrorSummary errors={refusal.errors} /> : null}
                </li>
              );
            })}
          </ul>
        </Card>
        {removing ? (
          <Card title="Remove a country's rates">
            {refusalFor(answer, "remove") ? <ErrorSummary errors={refusalFor(answer, "remove")?.errors} /> : null}
            <Form method="post" className="flex flex-col gap-3">
              <input type="hidden" name="id" value={removing.countryCode} />
              <p className="text-sm">
                Remove the rates of {removing.countryCode} (books {removing.ratePercent.books}%, standard {removing.ratePercent.standard}%)?
                Its next orders are taxed at 0%. Orders already placed keep their tax.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button kind="danger" name="intent" value="remove">
                  Yes, remove the rates of {removing.countryCode}
                </Button>
                <ButtonLink href="/settings/tax">Keep them</ButtonLink>
              </div>
            </Form>
          </Card>
        ) : null}
        <Card title="Rates per country">
          <p className="mb-3 text-sm">
            A country not listed is taxed at 0%. Books have their own rate; everything else takes the standard rate.
          </p>
          {tax.countries.length === 0 ? (
            <p className="text-sm">No country has rates yet.</p>
          ) : (
            <div className="relative overflow-x-auto" tabIndex={0}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Tax rates per country</caption>
                <thead className="border-b border-zinc-200">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      Country
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Rates
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tax.countries.map((country) => {
                    const code = country.countryCode;
                    const refusal = refusalFor(answer, "rates", code);
                    return (
                      <tr key={code} className="border-b border-zinc-100 align-top last:border-0">
                        <th scope="row" className="py-3 pr-3 font-medium">
                          {code}
                        </th>
                        <td className="py-3">
                          {refusal ? (
                            <ErrorSummary
                              errors={{ fields: {}, form: [...refusal.errors.form, ...Object.values(refusal.errors.fields)] }}
                            />
                          ) : null}
                          <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
                            <input type="hidden" name="id" value={code} />
                            <InlineField
                              id={`books-${code}`}
                              name="books"
                              label={`Books in ${code} (%)`}
                              inputMode="decimal"
                              maxLength={6}
                              size={6}
                              defaultValue={refusal?.values.books ?? String(country.ratePercent.books)}
                              error={refusal?.errors.fields.books}
                            />
                            <InlineField
                              id={`standard-${code}`}
                              name="standard"
                              label={`Standard in ${code} (%)`}
                              inputMode="decimal"
                              maxLength={6}
                              size={6}
                              defaultValue={refusal?.values.standard ?? String(country.ratePercent.standard)}
                              error={refusal?.errors.fields.standard}
                            />
                            <Button kind="secondary" name="intent" value="rates">
                              Save {code}
                            </Button>
                            <Link to={`/settings/tax?remove=${code}`} className="self-center text-sm">
                              Remove {code}…
                            </Link>
                          </Form>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <Card title="Add a country's rates">
          <ErrorSummary errors={add?.errors} />
          <Form
            key={tax.countries.map((country) => country.countryCode).join()}
            method="post"
            className="flex flex-wrap items-end gap-3"
            noValidate
          >
            <InlineField
              id="id"
              name="id"
              label="Country code"
              hint="Such as FR"
              maxLength={2}
              size={4}
              defaultValue={add?.values.id}
              error={add?.errors.fields.id}
            />
            <InlineField
              id="books"
              name="books"
              label="Books (%)"
              inputMode="decimal"
              maxLength={6}
              size={6}
              defaultValue={add?.values.books}
              error={add?.errors.fields.books}
            />
            <InlineField
              id="standard"
              name="standard"
              label="Standard (%)"
              inputMode="decimal"
              maxLength={6}
              size={6}
              defaultValue={add?.values.standard}
              error={add?.errors.fields.standard}
            />
            <Button name="intent" value="add">
              Add rates
            </Button>
          </Form>
        </Card>
      </div>
    </>
  );
}
