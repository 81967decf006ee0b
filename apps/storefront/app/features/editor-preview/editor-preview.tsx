import { useEffect } from "react";

/**
 * Switches the shop's clicks off inside the configured editor's preview frame (click-guard.ts
 * says what is blocked and what the editor controls area is). `origin` is EDITOR_PREVIEW_ORIGIN, null when none
 * is configured. The guard's code is fetched only by a page that is in a frame: nobody else pays for it.
 * While the block is on, <html> carries `data-editor-preview`.
 */
export function EditorPreviewGuard({ origin }: { origin: string | null }) {
  useEffect(() => {
    if (origin === null || window.top === window.self) return;
    let lift: (() => void) | undefined;
    let cancelled = false;
    void import("./click-guard").then(({ isInEditorPreview, blockClicksOutsideEditorControls }) => {
      if (cancelled || !isInEditorPreview(window, origin)) return;
      const unblock = blockClicksOutsideEditorControls(window);
      document.documentElement.setAttribute("data-editor-preview", "");
      lift = () => {
        unblock();
        document.documentElement.removeAttribute("data-editor-preview");
      };
    });
    return () => {
      cancelled = true;
      lift?.();
    };
  }, [origin]);
  return null;
}
