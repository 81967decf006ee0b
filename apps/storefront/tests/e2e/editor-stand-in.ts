import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An editor played locally: an HTTP server on an origin of its own whose page shows the shop in a preview
 * frame, as a content editor would. `framePage(url)` is the address of its page framing `url`.
 */
export interface EditorStandIn {
  origin: string;
  framePage(url: string): string;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export async function startEditorStandIn(): Promise<EditorStandIn> {
  const server: Server = createServer((request, response) => {
    const src = new URL(request.url ?? "/", "http://stand-in").searchParams.get("src") ?? "about:blank";
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Editor</title></head>` +
        `<body><main><h1>Page editor</h1>` +
        `<iframe title="Preview" src="${escapeHtml(src)}" style="width:1200px;height:800px"></iframe></main></body></html>`,
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    framePage: (url) => `${origin}/?src=${encodeURIComponent(url)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
