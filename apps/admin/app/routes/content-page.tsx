import { CreateAdminPageBodySchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-page";
import { BlocksEditor } from "~/components/content-blocks-editor";
import { Button, Card, ErrorSummary, Field, PageHeader, StatusBadge } from "~/components/ui";
import { ApiRequestError } from "~/lib/api.server";
import { pageRead } from "~/lib/auth.server";
import { BLOCK_FIELDS, emptyBlock, isBlockType, rowOfBlock } from "~/lib/content-blocks";
import { blocksOfRows } from "~/lib/content-blocks.server";
import { fieldOfRow, moveRows, rowsOf, withRows } from "~/lib/content-rows";
import { apiContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { type FormErrors, formValues, handleForm, redirectWithMessage, refused } from "~/lib/forms.server";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.page.title ?? "Page"} · Content · Quire back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: page } = await pageRead(request, context.get(apiContext).call("getAdminPage", { params: { id: idParamOf(params.id) } }));
  const values = withRows(
    { url: page.url, title: page.title, metaDescription: page.metaDescription },
    "blocks",
    page.blocks.map(rowOfBlock),
  );
  return { page, values };
}

/** The page's form as the API's body: its details and all its blocks, each checked by the API's own block schema. */
const PageForm = z.record(z.string(), z.string()).transform((values, context) => {
  const details = z
    .object({
      url: CreateAdminPageBodySchema.shape.url,
      title: CreateAdminPageBodySchema.shape.title,
      metaDescription: z.string().trim().max(300, "Use at most 300 characters"),
    })
    .safeParse({ url: values.url ?? "", title: values.title ?? "", metaDescription: values.metaDescription ?? "" });
  if (!details.success)
    for (const issue of details.error.issues) context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  const blocks = blocksOfRows(rowsOf(values, "blocks"), context);
  return details.success ? { ...details.data, blocks } : z.NEVER;
});

/** A refusal of the API, its block errors under the block's field (`blocks.1.items`, not `blocks.1.items.0`). */
function refusedPage(error: ApiRequestError, values: Record<string, string>) {
  const answer = refused(error, values);
  const fields: FormErrors["fields"] = {};
  for (const [field, message] of Object.entries(answer.data.errors.fields))
    fields[fieldOfRow(field.replace(/^body\./, ""), "blocks", BLOCK_FIELDS)] ??= message;
  return data({ ...answer.data, errors: { ...answer.data.errors, fields } }, answer.init ?? undefined);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = idParamOf(params.id);
  const here = `/content/pages/${id}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "save":
    case "publish":
    case "unpublish":
      return handleForm(form, PageForm, async (body) => {
        try {
          const { data: page } = await api.call("updateAdminPage", {
            params: { id },
            body: { ...body, ...(intent === "save" ? {} : { isPublished: intent === "publish" }) },
          });
          const done =
            intent === "publish"
              ? "published"
              : intent === "unpublish"
                ? "unpublished: it is a draft again"
                : page.isPublished
                  ? "saved"
                  : "saved as a draft";
          return redirectWithMessage(request, here, `Page ${page.title} ${done}.`);
        } catch (error) {
          if (error instanceof ApiRequestError && error.status < 500) return refusedPage(error, formValues(form));
          throw error;
        }
      });
    case "preview":
      return handleForm(form, z.object({}), async () => {
        const { data: link } = await api.call("createAdminPagePreviewLink", { params: { id } });
        return { preview: link, revision: randomUUID() };
      });
    case "delete":
      return handleForm(form, z.object({}), async () => {
        await api.call("deleteAdminPage", { params: { id } });
        return redirectWithMessage(
          request,
          "/content",
          "Page deleted. Its path now answers “not found”: add a redirect to send its visitors elsewhere.",
        );
      });
    default: {
      // Adding, removing or moving a block: the form as it now stands comes back, not yet saved.
      const values = formValues(form);
      const type = form.get("newBlockType");
      const rows = moveRows(intent, rowsOf(values, "blocks"), () => (isBlockType(type) ? emptyBlock(type) : null));
      if (!rows) throw new Response("Unknown action", { status: 400 });
      return { draft: withRows(values, "blocks", rows), revision: randomUUID() };
    }
  }
}

export default function ContentPage() {
  const { page, values: saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer && "errors" in answer ? answer.errors : undefined;
  const values = answer && "draft" in answer ? answer.draft : answer && "values" in answer ? answer.values : saved;
  const preview = answer && "preview" in answer ? answer.preview : undefined;
  const unsaved = Boolean(answer && "draft" in answer);
  // A new revision of the form (a block added or moved) draws its fields afresh from the values answered.
  const revision = answer && "revision" in answer ? answer.revision : page.updatedAt;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/content">Back to pages</Link>
      </p>
      <PageHeader title={`Page: ${page.title}`}>
        <StatusBadge status={page.isPublished ? "published" : "draft"} />
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Form method="post" key={revision} className="flex flex-col gap-4" noValidate aria-label="The page">
          <ErrorSummary errors={errors} />
          {unsaved ? (
            <p role="status" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
              Changes not saved yet: save the page to keep them.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button name="intent" value="save">
              {page.isPublished ? "Save changes" : "Save draft"}
            </Button>
            {page.isPublished ? (
              <Button kind="secondary" name="intent" value="unpublish">
                Save and unpublish
              </Button>
            ) : (
              <Button kind="secondary" name="intent" value="publish">
                Save and publish
              </Button>
            )}
          </div>
          <Card title="Details">
            <div className="flex flex-col gap-3">
              <Field name="title" label="Title" required maxLength={200} defaultValue={values.title} errors={errors} />
              <Field
                name="url"
                label="Path"
                hint="/ or one word such as /about. A new path keeps the old one as a redirect."
                required
                maxLength={201}
                defaultValue={values.url}
                errors={errors}
              />
              <Field
                name="metaDescription"
                label="Description for search engines (optional)"
                maxLength={300}
                defaultValue={values.metaDescription}
                errors={errors}
              />
            </div>
          </Card>
          <Card title="Blocks">
            <BlocksEditor rows={rowsOf(values, "blocks")} errors={errors} />
          </Card>
        </Form>
        <div className="flex flex-col gap-4">
          <Card title="Preview">
            <p className="mb-2 text-sm">A link to the page in the shop as last saved, draft or not, for whoever has it, for 7 days.</p>
            <Form method="post">
              <Button kind="secondary" name="intent" value="preview">
                Preview in the shop
              </Button>
            </Form>
            {preview ? (
              <p className="mt-3 text-sm">
                <a href={preview.url} target="_blank" rel="noreferrer">
                  Open the preview<span className="sr-only"> (opens in a new tab)</span>
                </a>{" "}
                <span className="text-zinc-600">· works until {formatDateTime(preview.expiresAt)}</span>
              </p>
            ) : null}
          </Card>
          <Card title="About this page">
            <p className="text-sm">Last changed {formatDateTime(page.updatedAt)}.</p>
            {page.isPublished ? (
              <p className="mt-1 text-sm">
                Live at <span className="font-mono">{page.url}</span>.
              </p>
            ) : (
              <p className="mt-1 text-sm">A draft: only its preview link shows it.</p>
            )}
          </Card>
          <Card title="Delete">
            <Form method="post">
              <p className="mb-2 text-sm">Its path then answers “not found”.</p>
              <Button kind="danger" name="intent" value="delete">
                Delete the page
              </Button>
            </Form>
          </Card>
        </div>
      </div>
    </>
  );
}
