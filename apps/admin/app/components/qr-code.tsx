/** A QR code ready to draw: its grid's width in modules (the quiet zone included) and the path of its dark modules. */
export interface QrDrawing {
  size: number;
  path: string;
}

/**
 * A QR code the server encoded (lib/qr-code.server.ts), drawn as one SVG path a phone's camera reads, labelled for
 * everyone else: React elements, no markup injected, nothing the CSP blocks.
 */
export function QrCode({ drawing, label }: { drawing: QrDrawing; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      width={drawing.size * 5}
      height={drawing.size * 5}
      shapeRendering="crispEdges"
      className="h-auto max-w-full bg-white"
    >
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
