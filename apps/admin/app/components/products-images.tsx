import type { AdminProductImage } from "@quire/contracts";
import { MAX_IMAGES_PER_PRODUCT } from "@quire/contracts/constants";
import { Form } from "react-router";
import { FileField } from "./file-drop";
import { TextInput } from "./products-fields";
import { Button } from "./ui";
import type { FormErrors } from "~/lib/forms.server";

/**
 * A product's pictures, in the order the shop shows them (the first is its cover on cards): each with its text for
 * people who cannot see it, moved up or down and removed by buttons, and the form that uploads another.
 */
export function ProductImages({
  images,
  errors,
  typed,
}: {
  images: readonly AdminProductImage[];
  errors?: FormErrors;
  typed: Record<string, string>;
}) {
  return (
    <section id="pictures" aria-label="Pictures" className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 text-base font-semibold">Pictures</h2>
      {images.length === 0 ? <p className="mb-3 text-sm">No pictures yet: the shop shows a generated cover.</p> : null}
      <ol className="flex flex-col gap-3">
        {images.map((image, index) => (
          <li key={image.id} className="flex flex-col gap-2 border-b border-zinc-100 pb-3">
            <div className="flex items-start gap-3">
              <img src={image.image.url} alt={image.image.alt} width={96} className="h-auto w-24 rounded border border-zinc-200" />
              <div className="flex flex-col gap-2">
                <p className="text-sm font-medium">{index === 0 ? "Picture 1 (the cover)" : `Picture ${index + 1}`}</p>
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="imageId" value={image.id} />
                  {index > 0 ? (
                    <Button kind="secondary" name="intent" value="image-up">
                      Move up<span className="sr-only"> picture {index + 1}</span>
                    </Button>
                  ) : null}
                  {index < images.length - 1 ? (
                    <Button kind="secondary" name="intent" value="image-down">
                      Move down<span className="sr-only"> picture {index + 1}</span>
                    </Button>
                  ) : null}
                  <Button kind="danger" name="intent" value="image-remove">
                    Remove<span className="sr-only"> picture {index + 1}</span>
                  </Button>
                </Form>
              </div>
            </div>
            <Form method="post" className="flex flex-col gap-2">
              <input type="hidden" name="imageId" value={image.id} />
              <TextInput
                id={`img${image.id}-alt`}
                name="alt"
                label={`What picture ${index + 1} shows`}
                required
                maxLength={300}
                errors={errors}
                defaultValue={typed[`img${image.id}-alt`] ?? image.image.alt}
              />
              <div>
                <Button kind="secondary" name="intent" value="image-alt">
                  Save text<span className="sr-only"> of picture {index + 1}</span>
                </Button>
              </div>
            </Form>
          </li>
        ))}
      </ol>
      {images.length < MAX_IMAGES_PER_PRODUCT ? (
        // A new key after each upload: the form starts empty again (with JavaScript the page is not reloaded).
        <Form
          key={images.map((image) => image.id).join("-")}
          method="post"
          encType="multipart/form-data"
          className="mt-4 flex flex-col gap-3"
        >
          <h3 className="text-sm font-semibold">Upload a picture</h3>
          <FileField
            id="upload-file"
            name="file"
            label="Picture file"
            hint="JPEG, PNG, WebP, AVIF or GIF, up to 20 MB"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            error={errors?.fields["upload-file"]}
            what="a picture file"
          />
          <TextInput
            id="upload-alt"
            name="alt"
            label="What the picture shows"
            hint="For people who cannot see it, such as: The cover, a lighthouse in a storm"
            required
            maxLength={300}
            errors={errors}
            defaultValue={typed["upload-alt"]}
          />
          <div>
            <Button name="intent" value="upload">
              Upload picture
            </Button>
          </div>
        </Form>
      ) : (
        <p className="mt-4 text-sm">The product has the most pictures it may have ({MAX_IMAGES_PER_PRODUCT}).</p>
      )}
    </section>
  );
}
