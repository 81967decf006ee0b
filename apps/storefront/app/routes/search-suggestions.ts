import { isPrintableText, SEARCH_TEXT_MAX } from "@quire/contracts/constants";
import { getSearchClient, SearchRequestError } from "~/features/search/search-client.server";
import { callerContext, sessionContext } from "~/lib/context.server";
import type { Route } from "./+types/search-suggestions";
import { t } from "~/lib/i18n/messages/search-server";

/**
 * GET /search/suggestions?q=: the header search box's suggestions as JSON, through the search client (its
 * time-outs and brief cache, features/search/search-client.server.ts). A failure answers 503 with the
 * search client's { status, content }: the box then shows no suggestions, and Enter still searches.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const text = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  if (!text || text.length > SEARCH_TEXT_MAX || !isPrintableText(text)) {
    return Response.json({ errors: [{ code: "invalid_search_text", message: t("search.suggestions.invalid_text") }] }, { status: 400 });
  }
  const session = context.get(sessionContext);
  try {
    const suggestions = await getSearchClient().autocomplete(text, { ...context.get(callerContext), token: session.token ?? undefined });
    return Response.json(suggestions, {
      // A signed-in customer's suggestions are theirs; a visitor's are the same for everyone, for a short while.
      headers: { "Cache-Control": session.token ? "private, no-store" : "private, max-age=30", Vary: "Cookie" },
    });
  } catch (error) {
    const failure = error instanceof SearchRequestError ? error : new SearchRequestError(0, "Network request failed");
    console.warn(`search suggestions failed: ${failure.status} ${failure.content}`);
    return Response.json({ status: failure.status, content: failure.content }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
