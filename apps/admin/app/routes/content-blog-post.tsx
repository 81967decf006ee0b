import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-blog-post";
import { BlogPostFormFields } from "~/components/content-blog-form";
import { Button, Card, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { blogPostForm, blogPostFormValues } from "~/lib/content-blog-form.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.post.title ?? "Post"} · Blog · Quire back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [{ data: post }, { data: blog }] = await pageRead(
    request,
    Promise.all([api.call("getAdminBlogPost", { params: { id: idParamOf(params.id) } }), api.call("listAdminBlogCategories")]),
  );
  return { post, categories: blog.categories, values: blogPostFormValues(post, context.get(staffContext).shopTimeZone) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = idParamOf(params.id);
  const here = `/content/blog/${id}`;
  const form = await request.formData();
  const intent = form.get("intent");
  switch (intent) {
    case "save":
    case "publish":
    case "unpublish":
      return handleForm(form, blogPostForm(context.get(staffContext).shopTimeZone), async (body) => {
        const publishedAt = intent === "publish" ? new Date().toISOString() : intent === "unpublish" ? null : body.publishedAt;
        const { data: post } = await api.call("updateAdminBlogPost", { params: { id }, body: { ...body, publishedAt } });
        const done =
          post.status === "published"
            ? intent === "publish"
              ? "published"
              : "saved"
            : post.status === "scheduled"
              ? "saved, scheduled"
              : "saved as a draft";
        return redirectWithMessage(request, here, `Post ${post.title} ${done}.`);
      });
    case "preview":
      return handleForm(form, z.object({}), async () => {
        const { data: link } = await api.call("createAdminBlogPostPreviewLink", { params: { id } });
        return { preview: link, revision: randomUUID() };
      });
    case "delete":
      return handleForm(form, z.object({}), async () => {
        await api.call("deleteAdminBlogPost", { params: { id } });
        return redirectWithMessage(request, "/content/blog", "Post deleted.");
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function BlogPostPage() {
  const { post, categories, values } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer && "errors" in answer ? answer.errors : undefined;
  const preview = answer && "preview" in answer ? answer.preview : undefined;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/content/blog">Back to blog posts</Link>
      </p>
      <PageHeader title={`Post: ${post.title}`}>
        <StatusBadge status={post.status} />
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Card>
          <BlogPostFormFields
            key={post.updatedAt}
            values={answer && "values" in answer ? answer.values : values}
            errors={errors}
            categories={categories}
            status={post.status}
            markdownMissing={post.markdown === null}
          />
        </Card>
        <div className="flex flex-col gap-4">
          <Card title="Preview">
            <p className="mb-2 text-sm">A link to the post in the shop as last saved, draft or not, for whoever has it, for 7 days.</p>
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
          <Card title="About this post">
            <p className="text-sm">
              Created {formatDateTime(post.createdAt)}; last changed {formatDateTime(post.updatedAt)}.
            </p>
            {post.publishedAt ? <p className="mt-1 text-sm">Goes live {formatDateTime(post.publishedAt)}.</p> : null}
          </Card>
          <Card title="Delete">
            <Form method="post">
              <Button kind="danger" name="intent" value="delete">
                Delete the post
              </Button>
            </Form>
          </Card>
        </div>
      </div>
    </>
  );
}
