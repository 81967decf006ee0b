/**
 * The editor preview frame (docs/storefront-behaviour/layout-and-navigation.md): shown inside an editor's preview, the
 * shop is a picture of itself. Clicks are blocked, so the editor's user cannot wander off, sign in or add to the basket
 * by accident, except inside the editor controls area: every element marked `data-editor-controls`, and what it
 * contains. The shop renders no such area of its own (decision 038); the attribute is where a page's content, or a
 * control an editing tool adds through the shop's own code, opts back in.
 */
export const EDITOR_CONTROLS_ATTRIBUTE = "data-editor-controls";

/**
 * What is blocked: a click (keyboard activation of a link, button, checkbox or radio is a click too), a middle
 * click's auxclick (a link opened in a new tab), and a form's submit (pressing Enter in a text field submits
 * without a click when the form has no submit button).
 */
export const BLOCKED_EVENTS = ["click", "auxclick", "submit"] as const;

/** The parts of `window` the check reads, so that a test can describe any frame. */
export interface FrameView {
  top: unknown;
  self: unknown;
  location: { origin: string; ancestorOrigins?: ArrayLike<string> };
  document: { referrer: string };
}

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/**
 * True when this page is inside a frame whose parent is the editor at `editorOrigin`. Where the browser lists
 * the ancestors' origins (Chromium, Safari), the parent's must be the editor's. Elsewhere (Firefox) the referrer
 * tells who loaded the frame: the editor, or the shop itself after a navigation inside the frame; no referrer
 * at all counts as the editor, because the CSP's frame-ancestors lets no other site frame the shop.
 */
export function isInEditorPreview(view: FrameView, editorOrigin: string): boolean {
  if (view.top === view.self) return false;
  const ancestors = view.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] === editorOrigin;
  const referrer = view.document.referrer ? originOf(view.document.referrer) : null;
  return referrer === null || referrer === editorOrigin || referrer === view.location.origin;
}

/** Whether `event` happened inside the editor controls area (for a submit: the form or its submitter). */
export function isInsideEditorControls(event: Event): boolean {
  const nodes = [event.target, (event as Partial<SubmitEvent>).submitter];
  return nodes.some((node) => {
    const element = node as Partial<Pick<Element, "closest">> | null | undefined;
    return typeof element?.closest === "function" && element.closest(`[${EDITOR_CONTROLS_ATTRIBUTE}]`) !== null;
  });
}

/**
 * Blocks the events above before anything else sees them: listeners on `target` (the window) in the capture
 * phase run before React's, which sit on the document. Returns the function that lifts the block.
 */
export function blockClicksOutsideEditorControls(target: Pick<EventTarget, "addEventListener" | "removeEventListener">): () => void {
  const block = (event: Event) => {
    if (isInsideEditorControls(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  for (const type of BLOCKED_EVENTS) target.addEventListener(type, block, { capture: true });
  return () => {
    for (const type of BLOCKED_EVENTS) target.removeEventListener(type, block, { capture: true });
  };
}
