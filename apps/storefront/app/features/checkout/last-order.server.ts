import { AnonymousIdSchema, IdSchema } from "@quire/contracts";
import { createCookie } from "react-router";
import { z } from "zod";

const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/**
 * The order this browser placed last. For a guest it keeps the anonymousId of the basket the order came from,
 * which the API asks for to show the order (and its payment) to its buyer alone: the basket cookie names the
 * next basket once the shopper adds to a new one. Forging it shows nothing: the API checks every read.
 */
const lastOrderCookie = createCookie("quire_last_order", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure,
  maxAge: 60 * 60 * 24 * 30,
});

const LastOrderSchema = z.object({
  id: IdSchema,
  publicId: z.string().min(1).max(40),
  /** The guest basket's anonymousId; null for a signed-in customer's order. */
  anonymousId: AnonymousIdSchema.nullable(),
});
export type LastOrder = z.infer<typeof LastOrderSchema>;

/** The last order the browser's cookie names, or null when it names none (or something unreadable). */
export async function readLastOrder(request: Request): Promise<LastOrder | null> {
  const parsed = LastOrderSchema.safeParse(await lastOrderCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** The Set-Cookie that remembers `order` as the browser's last. */
export function lastOrderCookieHeader(order: LastOrder): Promise<string> {
  return lastOrderCookie.serialize(order);
}
