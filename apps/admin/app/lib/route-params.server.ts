import { IdParamSchema } from "@quire/contracts";

/**
 * A route's numeric id (`/customers/:id`), read as the API reads its own: a positive 32-bit whole number. Anything
 * else answers 404, as an id that names nothing does.
 */
export function idParamOf(value: string | undefined): number {
  const parsed = IdParamSchema.safeParse(value);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}
