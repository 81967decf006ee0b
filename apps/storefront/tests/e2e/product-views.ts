import type { Page, Response } from "playwright-core";
import { isActionAnswer } from "./action-answers";

/**
 * A product page records its view from the browser once it is shown (POST /recently-viewed, decision 020),
 * not while the server renders it: a journey that needs the view recorded waits for that post's answer.
 */
export function viewRecorded(page: Page): Promise<Response> {
  return page.waitForResponse((response) => isActionAnswer(response, "/recently-viewed"));
}

/** Opens a product page and waits until it has recorded its view. */
export async function viewProductPage(page: Page, url: string): Promise<void> {
  const recorded = viewRecorded(page);
  await page.goto(url);
  const response = await recorded;
  if (!response.ok()) throw new Error(`recording the view of ${url} answered ${response.status()}`);
}
