import { randomUUID } from "node:crypto";

/*
 * How the command-line tools that speak to a running shop call its admin API: as an API token (made with
 * POST /admin/api-tokens), so each call is checked against the token's role, audited and limited like any other.
 */

/** Where the API is and who is calling. */
export interface AdminApiAccess {
  apiUrl: string;
  token: string;
  storeKey: string;
  fetch: typeof fetch;
}

/** The API refused a call: its status and its errors, in one line for the person at the terminal. */
export class ApiRefusal extends Error {}

export interface CallOptions {
  /** A JSON body, or a file's bytes with their media type. */
  body?: unknown;
  file?: { bytes: Buffer; contentType: string };
  /** Sends an Idempotency-Key of its own, so a retried write (a timeout) is applied once. */
  idempotent?: boolean;
}

/** Calls the admin API and answers the response; anything but a 2xx becomes an ApiRefusal naming its errors. */
export async function callAdminApi(
  access: AdminApiAccess,
  method: "GET" | "POST" | "PUT",
  path: string,
  options: CallOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${access.token}`, storekey: access.storeKey };
  let body: Buffer | string | undefined;
  if (options.file) {
    headers["content-type"] = options.file.contentType;
    body = options.file.bytes;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (options.idempotent) headers["idempotency-key"] = randomUUID();
  const response = await access.fetch(`${access.apiUrl.replace(/\/$/, "")}${path}`, { method, headers, ...(body ? { body } : {}) });
  if (response.ok) return response;
  const answer = (await response.json().catch(() => ({}))) as { errors?: { code: string; message: string }[] };
  const errors = answer.errors?.map((error) => `${error.code}: ${error.message}`).join("; ") ?? response.statusText;
  throw new ApiRefusal(`The API answered ${response.status}: ${errors}`);
}

/** The `data` of a JSON answer. */
export async function dataOf<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

/** Runs a command and answers its exit code: the API's refusal is said to the person and exits 1; anything else throws. */
export async function exitCodeOf(say: (line: string) => void, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    say(error.message);
    return 1;
  }
}
