import { Form } from "react-router";
import { CheckboxField, FieldGroup, TextAreaField } from "~/components/form-fields";
import { Button, ErrorSummary, Field } from "~/components/ui";
import { shopTimeZoneName } from "~/lib/format";
import type { FormErrors } from "~/lib/forms.server";

/** A blog post's form: its text in Markdown, its picture, categories, tags, books, and when it goes live. */
export function BlogPostFormFields({
  values,
  errors,
  categories,
  status,
  idempotencyKey,
  markdownMissing,
}: {
  values: Record<string, string>;
  errors?: FormErrors;
  categories: readonly { slug: string; name: string }[];
  status?: "draft" | "scheduled" | "published";
  idempotencyKey?: string;
  markdownMissing?: boolean;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate aria-label="The post">
      <ErrorSummary errors={errors} />
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button name="intent" value="save">
          {status ? "Save" : "Create the post"}
        </Button>
        {status !== "published" ? (
          <Button kind="secondary" name="intent" value="publish">
            {status ? "Save and publish now" : "Create and publish now"}
          </Button>
        ) : (
          <Button kind="secondary" name="intent" value="unpublish">
            Save as a draft (unpublish)
          </Button>
        )}
      </div>
      <Field name="title" label="Title" required maxLength={200} defaultValue={values.title} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="slug"
          label="Slug"
          hint="Its address in the blog: lower-case words and dashes."
          required
          maxLength={200}
          defaultValue={values.slug}
          errors={errors}
        />
        <Field name="author" label="Author" required maxLength={100} defaultValue={values.author} errors={errors} />
      </div>
      <TextAreaField
        name="excerpt"
        label="Excerpt (optional)"
        hint="Shown in the blog's lists."
        rows={2}
        maxLength={500}
        defaultValue={values.excerpt}
        errors={errors}
      />
      {markdownMissing ? (
        <p className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
          This post was written as blocks, not Markdown: writing its text here replaces them when you save.
        </p>
      ) : null}
      <TextAreaField
        name="markdown"
        label="Text (Markdown)"
        hint="# for headings, **bold**, *italic*, [a link](/store), - for a list. The shop shows it safely: no scripts."
        rows={16}
        mono
        required
        defaultValue={values.markdown}
        errors={errors}
      />
      <Field
        name="publishedAt"
        label={`Goes live, ${shopTimeZoneName()} time (optional)`}
        hint="Empty: a draft. A time ahead: scheduled."
        type="datetime-local"
        defaultValue={values.publishedAt}
        errors={errors}
      />
      <FieldGroup id="categories" legend="Categories" errors={errors}>
        {categories.length === 0 ? <p className="text-sm">The blog has no categories yet.</p> : null}
        {categories.map((category) => (
          <CheckboxField
            key={category.slug}
            name={`category.${category.slug}`}
            label={category.name}
            defaultChecked={values[`category.${category.slug}`] === "on"}
          />
        ))}
      </FieldGroup>
      <TextAreaField
        name="tags"
        label="Tags (optional)"
        hint="One a line; a new tag is created."
        rows={3}
        defaultValue={values.tags}
        errors={errors}
      />
      <Field
        name="productIds"
        label="Books it is about (optional)"
        hint="Product ids, separated by commas, in the order the post shows them."
        defaultValue={values.productIds}
        errors={errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="heroImageUrl"
          label="Picture's address (optional)"
          hint="Empty on a new post: the shop draws one."
          maxLength={500}
          defaultValue={values.heroImageUrl}
          errors={errors}
        />
        <Field name="heroImageAlt" label="Picture's description" maxLength={200} defaultValue={values.heroImageAlt} errors={errors} />
      </div>
    </Form>
  );
}
