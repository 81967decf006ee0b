import { useHydrated } from "@quire/web-kit/use-hydrated";
import { type DragEvent, type ReactNode, useState } from "react";
import { describedBy, FieldFrame } from "~/components/field-frame";
import { acceptsFile } from "~/lib/file-accept";

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/**
 * A form's required file field (its label, hint, input and the server's error), which with JavaScript also takes a
 * file dragged from the desktop and dropped anywhere on it, as if picked (one file; one the input's `accept` list
 * refuses is answered beside it). Without JavaScript it is the plain input, which a keyboard and every browser can
 * use: dropping is only quicker. `what` names the file the field takes ("a picture file").
 */
export function FileField({
  id,
  name,
  label,
  hint,
  accept,
  error,
  what,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  accept: string;
  error: string | undefined;
  what: string;
}) {
  return (
    <FileDrop inputId={id} what={what}>
      <FieldFrame id={id} label={label} hint={hint} error={error} required>
        <input
          id={id}
          name={name}
          type="file"
          required
          accept={accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-400 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-zinc-100"
        />
      </FieldFrame>
    </FileDrop>
  );
}

function FileDrop({ inputId, what, children }: { inputId: string; what: string; children: ReactNode }) {
  // Dropping needs the handlers below, which only run once the page is hydrated: until then the zone says nothing of it.
  const enhanced = useHydrated();
  const [over, setOver] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const take = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const input = document.getElementById(inputId);
    const file = event.dataTransfer.files[0];
    if (!(input instanceof HTMLInputElement) || !file) return;
    if (!acceptsFile(input.accept, file)) {
      setRefusal(`${file.name} is not ${what}.`);
      return;
    }
    const chosen = new DataTransfer();
    chosen.items.add(file);
    input.files = chosen.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    setRefusal(null);
  };

  return (
    <div
      data-file-drop={inputId}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={take}
      className={
        enhanced ? `rounded-md border-2 border-dashed p-3 ${over ? "border-accent-700 bg-zinc-100" : "border-zinc-400"}` : undefined
      }
    >
      {children}
      {enhanced ? <p className="mt-1 text-sm text-zinc-700">Or drop {what} here.</p> : null}
      {refusal ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
