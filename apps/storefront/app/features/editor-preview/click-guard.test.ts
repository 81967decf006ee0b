import { describe, expect, it, vi } from "vitest";
import { blockClicksOutsideEditorControls, isInEditorPreview, type FrameView } from "./click-guard";

const EDITOR = "https://editor.example";
const SHOP = "https://shop.example";

function frame(overrides: { top?: unknown; ancestorOrigins?: string[]; referrer?: string }): FrameView {
  const self = {};
  return {
    top: "top" in overrides ? overrides.top : {},
    self,
    location: { origin: SHOP, ...(overrides.ancestorOrigins ? { ancestorOrigins: overrides.ancestorOrigins } : {}) },
    document: { referrer: overrides.referrer ?? "" },
  };
}

describe("isInEditorPreview", () => {
  it("is false for a page that is its own top window", () => {
    const view = frame({ ancestorOrigins: [] });
    view.top = view.self;
    expect(isInEditorPreview(view, EDITOR)).toBe(false);
  });

  it("believes the browser's list of ancestors where there is one: the parent must be the editor", () => {
    expect(isInEditorPreview(frame({ ancestorOrigins: [EDITOR] }), EDITOR)).toBe(true);
    expect(isInEditorPreview(frame({ ancestorOrigins: ["https://other.example", EDITOR] }), EDITOR)).toBe(false);
    expect(isInEditorPreview(frame({ ancestorOrigins: [EDITOR], referrer: "https://other.example/" }), EDITOR)).toBe(true);
  });

  it("reads the referrer where the browser lists no ancestors", () => {
    expect(isInEditorPreview(frame({ referrer: `${EDITOR}/pages/12` }), EDITOR)).toBe(true);
    expect(isInEditorPreview(frame({ referrer: `${SHOP}/store` }), EDITOR), "a navigation inside the frame").toBe(true);
    expect(isInEditorPreview(frame({ referrer: "" }), EDITOR), "no referrer: only the editor may frame the shop").toBe(true);
    expect(isInEditorPreview(frame({ referrer: "https://other.example/" }), EDITOR)).toBe(false);
  });
});

/** An element as the guard sees it: `closest` answers whether it sits in the editor controls area. */
function element(insideControls: boolean) {
  const target = new EventTarget();
  return Object.assign(target, { closest: (selector: string) => (insideControls && selector === "[data-editor-controls]" ? {} : null) });
}

/** Dispatches `event` at `target` as the browser would, with `window` as the capturing ancestor. */
function dispatch(window: EventTarget, target: EventTarget, event: Event) {
  Object.defineProperty(event, "target", { value: target });
  window.dispatchEvent(event);
  return event;
}

describe("blockClicksOutsideEditorControls", () => {
  it("cancels clicks, middle clicks and submits outside the controls area before any other listener", () => {
    const window = new EventTarget();
    const later = vi.fn();
    const lift = blockClicksOutsideEditorControls(window);
    window.addEventListener("click", later, { capture: true });
    for (const type of ["click", "auxclick", "submit"]) {
      const event = dispatch(window, element(false), new Event(type, { cancelable: true }));
      expect(event.defaultPrevented, type).toBe(true);
    }
    expect(later).not.toHaveBeenCalled();
    lift();
    const event = dispatch(window, element(false), new Event("click", { cancelable: true }));
    expect(event.defaultPrevented, "lifted").toBe(false);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("lets everything inside the controls area through, a submit by its form or by its submitter", () => {
    const window = new EventTarget();
    blockClicksOutsideEditorControls(window);
    expect(dispatch(window, element(true), new Event("click", { cancelable: true })).defaultPrevented).toBe(false);
    const submit = Object.assign(new Event("submit", { cancelable: true }), { submitter: element(true) });
    expect(dispatch(window, element(false), submit).defaultPrevented).toBe(false);
  });

  it("leaves other events alone", () => {
    const window = new EventTarget();
    blockClicksOutsideEditorControls(window);
    expect(dispatch(window, element(false), new Event("keydown", { cancelable: true })).defaultPrevented).toBe(false);
  });
});
