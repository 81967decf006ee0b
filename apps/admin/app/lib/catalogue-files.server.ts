import { CATALOGUE_FILE_FORMATS, MAX_CATALOGUE_FILE_BYTES } from "@quire/contracts";
import { z } from "zod";

/** The import and export forms' text fields: the file's format. */
export const CatalogueFormatFormSchema = z.object({
  format: z.enum(CATALOGUE_FILE_FORMATS, { error: "Choose the file's format." }),
});

/** Room for the multipart form's own parts (boundaries, the format field) around the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const TOO_LARGE = `The file is larger than ${Math.round(MAX_CATALOGUE_FILE_BYTES / (1024 * 1024))} MB: split it into smaller files.`;

/**
 * A refusal of an upload whose Content-Length says it is larger than the API takes, before it is read whole; null
 * when it may be read.
 */
export function uploadTooLarge(request: Request): string | null {
  const declared = Number(request.headers.get("content-length") ?? "");
  return Number.isFinite(declared) && declared > MAX_CATALOGUE_FILE_BYTES + FORM_OVERHEAD_BYTES ? TOO_LARGE : null;
}

/**
 * The form's file as UTF-8 text, or what is wrong with it, said for the merchant: none chosen, empty, too large, or
 * not UTF-8 (with how to save it), rather than sent on to be refused by the API in its own words.
 */
export async function catalogueFileText(form: FormData): Promise<{ text: string } | { problem: string; status: number }> {
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return { problem: "Choose a CSV file to check.", status: 400 };
  if (file.size === 0) return { problem: "The file is empty.", status: 400 };
  if (file.size > MAX_CATALOGUE_FILE_BYTES) return { problem: TOO_LARGE, status: 413 };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer()) };
  } catch {
    return {
      problem: "The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8 (comma delimited)” and choose it again.",
      status: 400,
    };
  }
}
