import { ApiRequestError } from "~/lib/api.server";
import { notFound } from "~/lib/not-found.server";
import { ACCOUNT_LIST_PAGE_SIZE, parseListPage } from "./account-list-page";

/**
 * One page of an account list (orders, returns) for the request's ?page=N, read with `read`. A page that is
 * not a number, past the last page, or past the deepest page the API serves (its result window, a 400) is a
 * 404 like the catalogue's; page 1 of an empty list is the list's empty state.
 */
export async function loadListPage<Page extends { totalPages: number }>(
  request: Request,
  read: (query: { PageNumber: number; PageSize: number }) => Promise<Page>,
): Promise<Page> {
  const page = parseListPage(new URL(request.url).searchParams);
  if (page === null) throw notFound(request);
  let answer: Page;
  try {
    answer = await read({ PageNumber: page, PageSize: ACCOUNT_LIST_PAGE_SIZE });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) throw notFound(request);
    throw error;
  }
  if (page > Math.max(1, answer.totalPages)) throw notFound(request);
  return answer;
}
