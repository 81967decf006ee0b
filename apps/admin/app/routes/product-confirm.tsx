import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/product-confirm";
import { Button, Card, ErrorSummary, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

/*
 * /products/:id/archive, /unarchive and /delete: the step that asks before a product leaves the shop or is gone, a
 * page of its own so it works without JavaScript.
 */

const STEPS = {
  archive: {
    title: "Archive",
    says: "It leaves the shop and the product list at once, and stays for its orders. You can unarchive it later, unpublished.",
    button: "Archive the product",
  },
  unarchive: {
    title: "Unarchive",
    says: "It comes back to the product list, unpublished: publish it when it is ready.",
    button: "Unarchive the product",
  },
  delete: {
    title: "Delete",
    says: "It is gone for good, with its variants, prices and pictures, and its slug is free again. A product that was ever ordered cannot be deleted: archive it instead.",
    button: "Delete the product",
  },
} as const;
type Step = keyof typeof STEPS;

function paramsOf(params: { id?: string; step?: string }): { id: number; step: Step } {
  const id = z.coerce.number().int().min(1).max(2_147_483_647).safeParse(params.id);
  if (!id.success || !params.step || !(params.step in STEPS)) throw new Response("Not found", { status: 404 });
  return { id: id.data, step: params.step as Step };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? STEPS[data.step].title : "Change"} ${data?.product.name ?? "product"} · Quire back office` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { id, step } = paramsOf(params);
  const { data: product } = await pageRead(request, context.get(apiContext).call("getAdminProduct", { params: { id } }));
  // Unarchiving a product that is not archived (or the reverse) has nothing to ask: back to its page.
  if ((step === "unarchive") !== Boolean(product.archivedAt) && step !== "delete")
    throw new Response(null, { status: 303, headers: { Location: `/products/${id}` } });
  return { step, product: { id: product.id, name: product.name } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { id, step } = paramsOf(params);
  const api = context.get(apiContext);
  const form = await request.formData();
  return handleForm(form, z.object({}), async () => {
    if (step === "delete") {
      await api.call("deleteAdminProduct", { params: { id } });
      return redirectWithMessage(request, "/products", "Product deleted.");
    }
    const { data: product } = await api.call(step === "archive" ? "archiveAdminProduct" : "unarchiveAdminProduct", { params: { id } });
    return redirectWithMessage(request, `/products/${id}`, `Product ${product.name} ${step === "archive" ? "archived" : "unarchived"}.`);
  });
}

export default function ProductConfirm() {
  const { step, product } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const copy = STEPS[step];
  return (
    <>
      <PageHeader title={`${copy.title} ${product.name}?`} />
      <ErrorSummary errors={refusal?.errors} />
      <Card className="max-w-xl">
        <p className="mb-4 text-sm">{copy.says}</p>
        <Form method="post" className="flex flex-wrap items-center gap-4">
          <Button kind={step === "unarchive" ? "primary" : "danger"}>{copy.button}</Button>
          <Link to={`/products/${product.id}`}>Keep it as it is</Link>
        </Form>
      </Card>
    </>
  );
}
