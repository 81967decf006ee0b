import { Field } from "~/components/ui";
import { TextAreaField } from "~/components/form-fields";
import { BLOCK_LABELS, BLOCK_TYPES, isBlockType } from "~/lib/content-blocks";
import type { Row } from "~/lib/content-rows";
import type { FormErrors } from "~/lib/forms.server";

/** A small secondary button of a row (move, remove), its name saying which block for a screen reader. */
export function RowButton({ value, label, row }: { value: string; label: string; row: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={value}
      formNoValidate
      className="rounded-md border border-zinc-400 bg-white px-2 py-1 text-xs font-medium hover:bg-zinc-100"
    >
      {label}
      <span className="sr-only"> {row}</span>
    </button>
  );
}

/** One block's fields, by its kind. */
function BlockFields({ row, index, errors }: { row: Row; index: number; errors?: FormErrors }) {
  const name = (field: string) => `blocks.${index}.${field}`;
  switch (row.type) {
    case "heading":
      return <Field name={name("text")} label="Text" defaultValue={row.text} maxLength={300} errors={errors} />;
    case "paragraph":
      return <TextAreaField name={name("text")} label="Text" defaultValue={row.text} maxLength={5000} errors={errors} />;
    case "list":
      return <TextAreaField name={name("items")} label="Items" hint="One item a line." defaultValue={row.items} errors={errors} />;
    case "hero":
      return (
        <>
          <Field name={name("title")} label="Title" defaultValue={row.title} maxLength={200} errors={errors} />
          <TextAreaField name={name("text")} label="Text (optional)" rows={2} defaultValue={row.text} maxLength={1000} errors={errors} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field name={name("linkLabel")} label="Button label (optional)" defaultValue={row.linkLabel} maxLength={100} errors={errors} />
            <Field
              name={name("linkUrl")}
              label="Button link"
              hint="A site path such as /store, or an http(s) address."
              defaultValue={row.linkUrl}
              maxLength={500}
              errors={errors}
            />
          </div>
        </>
      );
    case "categoryLinks":
      return (
        <>
          <Field name={name("title")} label="Title" defaultValue={row.title} maxLength={200} errors={errors} />
          <TextAreaField
            name={name("slugs")}
            label="Category slugs"
            hint="One a line, such as fiction."
            rows={3}
            defaultValue={row.slugs}
            errors={errors}
          />
        </>
      );
    case "productRail":
      return (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field name={name("title")} label="Title" defaultValue={row.title} maxLength={200} errors={errors} />
          <Field name={name("categorySlug")} label="Category slug" defaultValue={row.categorySlug} maxLength={100} errors={errors} />
          <Field name={name("limit")} label="Products shown (1 to 24)" inputMode="numeric" defaultValue={row.limit} errors={errors} />
        </div>
      );
    case "markdown":
      return <TextAreaField name={name("markdown")} label="Text (Markdown)" rows={8} mono defaultValue={row.markdown} errors={errors} />;
    default:
      return null;
  }
}

/** A page's blocks, each a group with its fields and its buttons, and a way to add one at the end. */
export function BlocksEditor({ rows, errors }: { rows: readonly Row[]; errors?: FormErrors }) {
  return (
    <div className="flex flex-col gap-3">
      {rows.length === 0 ? <p className="text-sm text-zinc-700">The page has no blocks yet: add the first below.</p> : null}
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const label = `Block ${index + 1}: ${isBlockType(row.type) ? BLOCK_LABELS[row.type] : row.type}`;
          return (
            <li key={index}>
              <fieldset id={`blocks.${index}`} className="flex flex-col gap-3 rounded-md border border-zinc-300 bg-zinc-50 p-3">
                <legend className="px-1 text-sm font-semibold">{label}</legend>
                <input type="hidden" name={`blocks.${index}.type`} value={row.type} />
                <BlockFields row={row} index={index} errors={errors} />
                <div className="flex flex-wrap gap-2">
                  {index > 0 ? <RowButton value={`up:${index}`} label="Move up" row={`block ${index + 1}`} /> : null}
                  {index < rows.length - 1 ? <RowButton value={`down:${index}`} label="Move down" row={`block ${index + 1}`} /> : null}
                  <RowButton value={`remove:${index}`} label="Remove" row={`block ${index + 1}`} />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-end gap-2 rounded-md border border-dashed border-zinc-400 p-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="newBlockType" className="text-sm font-medium">
            New block
          </label>
          <select
            id="newBlockType"
            name="newBlockType"
            defaultValue="paragraph"
            className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
          >
            {BLOCK_TYPES.map((type) => (
              <option key={type} value={type}>
                {BLOCK_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          name="intent"
          value="add"
          formNoValidate
          className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100"
        >
          Add the block
        </button>
      </div>
    </div>
  );
}
