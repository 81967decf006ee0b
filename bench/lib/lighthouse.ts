import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "./load";

/** Lighthouse's mobile audit of one page: performance score (0-100), LCP in ms and CLS, medians of `runs`. */
export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  cls: number;
  runs: number;
}

/** Attempts per audit: under load Chromium sometimes records no navigation (NO_NAVSTART); another try does. */
const ATTEMPTS = 3;

/**
 * Runs Lighthouse's default (mobile, simulated throttling) performance audit `runs` times per page, each in a
 * fresh headless Chromium, and answers the median of each figure. Simulated throttling needs no network
 * beyond the page's own server, so it runs offline. A page whose audits all fail is left out, its error said.
 */
export async function auditPages(
  pages: Record<string, string>,
  options: { chromePath: string; runs: number; say: (line: string) => void },
): Promise<Record<string, LighthouseFigures | { error: string }>> {
  const figures: Record<string, LighthouseFigures | { error: string }> = {};
  for (const [page, url] of Object.entries(pages)) {
    const scores: number[] = [];
    const lcps: number[] = [];
    const clss: number[] = [];
    let lastError = "";
    for (let run = 0; run < options.runs; run++) {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          const lhr = await auditOnce(url, options.chromePath);
          scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
          lcps.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
          clss.push(lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN);
          options.say(
            `  lighthouse ${page} run ${run + 1}: ${scores.at(-1)}, LCP ${Math.round(lcps.at(-1)!)} ms, CLS ${clss.at(-1)!.toFixed(3)}, ${whyOf(lhr)}`,
          );
          break;
        } catch (error) {
          lastError = (error as Error).message;
          options.say(`  lighthouse ${page} run ${run + 1}, attempt ${attempt}: ${lastError}`);
        }
      }
    }
    figures[page] = scores.length
      ? { score: median(scores), lcpMs: median(lcps), cls: median(clss), runs: scores.length }
      : { error: lastError };
  }
  return figures;
}

/** A table's items in an audit's details, when it has them. */
function itemsOf(audit: { details?: unknown } | undefined): Record<string, unknown>[] {
  const details = audit?.details as { items?: unknown } | undefined;
  return Array.isArray(details?.items) ? (details.items as Record<string, unknown>[]) : [];
}

/** The snippet of a node an audit's item names, shortened: which element the figure is about. */
function nodeOf(item: Record<string, unknown> | undefined): string {
  const node = item?.node as { snippet?: string } | undefined;
  const snippet = node?.snippet ?? "?";
  return snippet.length > 80 ? `${snippet.slice(0, 77)}...` : snippet;
}

/**
 * Why a run scored as it did: first paint, blocking time, the element of the largest paint and, when the page
 * shifted, the element that moved most. Read beside the score, so a low one says where to look.
 */
function whyOf(lhr: Awaited<ReturnType<typeof auditOnce>>): string {
  const ms = (id: string) => `${Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)} ms`;
  // Lighthouse's largest-paint element audit is a list of tables: the element first, then its phases.
  const elementTable = itemsOf(lhr.audits["largest-contentful-paint-element"])[0];
  const largestNode = nodeOf(itemsOf({ details: elementTable })[0]);
  const shifted = itemsOf(lhr.audits["layout-shifts"])[0];
  return `FCP ${ms("first-contentful-paint")}, TBT ${ms("total-blocking-time")}, largest paint ${largestNode}${
    shifted ? `, most shifted ${nodeOf(shifted)}` : ""
  }`;
}

async function auditOnce(url: string, chromePath: string) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error", output: "json" });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}
