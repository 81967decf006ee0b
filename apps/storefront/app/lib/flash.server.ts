import { createContext, createCookie, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { TOAST_KINDS, type FlashToast, type ToastMessage } from "~/components/ui/toast";

const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/**
 * A toast carried through a redirect so it shows after a form post, with or without JavaScript. It lives
 * one minute at most and is cleared by the first page that reads it. Its content is only ever rendered
 * as text, so a forged cookie can do no more than show its sender a message.
 */
const flashCookie = createCookie("flash", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60, secure });

const FlashSchema = z.object({
  id: z.string().max(40),
  kind: z.enum(TOAST_KINDS),
  message: z.string().min(1).max(300),
});

/** The Set-Cookie value that flashes `toast` to the next page. */
export async function flashToastHeader(toast: ToastMessage): Promise<string> {
  const flash: FlashToast = { ...toast, id: crypto.randomUUID() };
  return flashCookie.serialize(flash);
}

/** A redirect that shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: ToastMessage, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToastHeader(toast));
  return redirect(url, { ...init, headers });
}

async function readFlashCookie(request: Request): Promise<{ present: boolean; flash: FlashToast | null }> {
  const raw: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { present: false, flash: null };
  const parsed = FlashSchema.safeParse(raw);
  return { present: true, flash: parsed.success ? parsed.data : null };
}

interface FlashSlot {
  flash: FlashToast | null;
  taken: boolean;
}
const flashContext = createContext<FlashSlot>({ flash: null, taken: false });

/**
 * Reads the flash cookie into the request context and, when the root loader took the toast, clears the
 * cookie on the way out. A data request that does not run the root loader leaves it for the next one.
 */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { present, flash } = await readFlashCookie(request);
  const slot: FlashSlot = { flash, taken: false };
  context.set(flashContext, slot);
  const response = await next();
  if (present && (slot.taken || flash === null)) response.headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0 }));
  return response;
};

/** The toast flashed to this request, taken once (the root loader shows it). */
export function takeFlashToast(context: Readonly<RouterContextProvider>): FlashToast | null {
  const slot = context.get(flashContext);
  slot.taken = true;
  return slot.flash;
}
