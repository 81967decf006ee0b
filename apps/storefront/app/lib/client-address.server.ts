/**
 * The shopper's network address, as the storefront's server (apps/storefront/server.mjs) recorded it in a
 * header of its own, overwriting any value a client sent. Forwarded to the API so its per-client sign-in
 * throttle counts shoppers, not the storefront. Absent under `react-router dev`.
 */
export const CLIENT_ADDRESS_HEADER = "x-quire-client-address";

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

export function clientAddressOf(request: Request): string | undefined {
  const value = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  return value && ADDRESS.test(value) ? value : undefined;
}
