/*
 * A bar chart drawn on the server as SVG: no script, no library, the same picture with JavaScript off. It is an
 * image with a one-line summary for assistive technology; the numbers themselves are in the table the page puts
 * beside it, which is what a screen reader (or a person who wants the exact figure) reads.
 */

export interface Bar {
  label: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;

export function BarChart({ bars, summary, format }: { bars: readonly Bar[]; summary: string; format: (value: number) => string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const first = bars[0];
  const last = bars.at(-1);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-label={summary} className="h-auto w-full" preserveAspectRatio="none">
      <title>{summary}</title>
      <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#71717a" strokeWidth="1" />
      {bars.map((bar, index) => {
        const height = Math.round((bar.value / max) * (HEIGHT - 8));
        return (
          <rect
            key={bar.label}
            x={index * slot + (slot - barWidth) / 2}
            y={HEIGHT - height}
            width={barWidth}
            height={height}
            fill="#1d4ed8"
          >
            <title>{`${bar.label}: ${format(bar.value)}`}</title>
          </rect>
        );
      })}
      {first ? (
        <text x="0" y={HEIGHT + 14} fontSize="12" fill="#3f3f46">
          {first.label}
        </text>
      ) : null}
      {last && last !== first ? (
        <text x={WIDTH} y={HEIGHT + 14} fontSize="12" fill="#3f3f46" textAnchor="end">
          {last.label}
        </text>
      ) : null}
    </svg>
  );
}
