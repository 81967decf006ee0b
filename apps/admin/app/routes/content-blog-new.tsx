import { randomUUID } from "node:crypto";
import { Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-blog-new";
import { BlogPostFormFields } from "~/components/content-blog-form";
import { Card, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { blogPostForm } from "~/lib/content-blog-form.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "New blog post · Content · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminBlogCategories"));
  return { categories: data.categories, idempotencyKey: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "save" && intent !== "publish") throw new Response("Unknown action", { status: 400 });
  // The form's own key: sent twice (a double click, a reload), the API creates the post once.
  const key = z.string().uuid().safeParse(form.get("idempotencyKey"));
  return handleForm(form, blogPostForm(context.get(staffContext).shopTimeZone), async (body) => {
    const { data: post } = await context.get(apiContext).call("createAdminBlogPost", {
      body: { ...body, publishedAt: intent === "publish" ? new Date().toISOString() : body.publishedAt },
      headers: key.success ? { "idempotency-key": key.data } : {},
    });
    return redirectWithMessage(
      request,
      `/content/blog/${post.id}`,
      `Post ${post.title} created${post.status === "published" ? " and published" : post.status === "scheduled" ? ", scheduled" : " as a draft"}.`,
    );
  });
}

export default function NewBlogPost() {
  const { categories, idempotencyKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/content/blog">Back to blog posts</Link>
      </p>
      <PageHeader title="New blog post" />
      <Card className="max-w-3xl">
        <BlogPostFormFields
          values={refusal?.values ?? {}}
          errors={refusal?.errors}
          categories={categories}
          idempotencyKey={idempotencyKey}
        />
      </Card>
    </>
  );
}
