import { CreateAdminProductTypeBodySchema } from "@quire/contracts";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/product-types";
import type { loader as rootLoader } from "~/root";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Product types · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: productTypes } = await pageRead(request, context.get(apiContext).call("listAdminProductTypes"));
  return { productTypes };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return handleForm(form, CreateAdminProductTypeBodySchema, async (body) => {
    const { data: productType } = await context.get(apiContext).call("createAdminProductType", { body });
    return redirectWithMessage(request, "/product-types", `Product type ${productType.name} made: new products can take it.`);
  });
}

export default function ProductTypes() {
  const { productTypes } = useLoaderData<typeof loader>();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  const refusal = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Product types">
        <Link to="/products">Products</Link>
      </PageHeader>
      <p className="mb-4 max-w-3xl">
        Every product is of a type: what kind of thing it is (a book, a gift card). The shop&apos;s filters follow it. A new shop makes its
        first type before its first product.
      </p>
      {productTypes.length === 0 ? (
        <p className="mb-4">The shop has no product type yet.</p>
      ) : (
        <div className="relative mb-6 overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Product types, by name</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Type
                </th>
                <th scope="col" className="px-3 py-2">
                  Code
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Products
                </th>
              </tr>
            </thead>
            <tbody>
              {productTypes.map((productType) => (
                <tr key={productType.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {productType.name}
                  </th>
                  <td className="px-3 py-2">{productType.code}</td>
                  <td className="px-3 py-2 text-right">{productType.productCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="max-w-xl">
        <Card title="Make a product type">
          <ErrorSummary errors={refusal?.errors} />
          {/* A new, empty form once a type is made (the message names it). */}
          <Form key={flash ?? ""} method="post" className="flex flex-col gap-3" noValidate>
            <Field name="name" label="Name" required maxLength={100} defaultValue={refusal?.values.name} errors={refusal?.errors} />
            <Field
              name="code"
              label="Code"
              hint="Lower-case letters, digits and dashes, such as gift-card: a catalogue file may name the type by it"
              required
              maxLength={50}
              defaultValue={refusal?.values.code}
              errors={refusal?.errors}
            />
            <div>
              <Button>Make the product type</Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}
