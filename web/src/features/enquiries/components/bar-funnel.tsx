// Plain SVG (docs/decisions/0011-charts-in-plain-svg.md): horizontal bars, one per row, scaled to their box
// with a viewBox. On a phone the drawing is narrower (its 13 px labels stay about that size on screen) and
// each label stands above its bar, so a long one ("Joined another institute") needs no room beside it.

import { useMediaQuery, WIDE_QUERY } from '../../../lib/media.ts';

export type Bar = { label: string; value: number; note?: string };

const BAR = 22;

/** A horizontal bar per row, the longest the largest value; each bar's figure beside it and in its `<title>`. */
export function BarFunnel({ title, bars, colour = '#1d4ed8' }: { title: string; bars: readonly Bar[]; colour?: string }) {
  const wide = useMediaQuery(WIDE_QUERY);
  const width = wide ? 640 : 360;
  const labelW = wide ? 180 : 0;
  const valueW = wide ? 110 : 96;
  const row = wide ? 34 : 52;
  const top = wide ? 0 : 20;
  const plotW = width - labelW - valueW;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = bars.length * row + 4;
  return (
    <figure className="grid max-w-3xl gap-2">
      <figcaption className="text-sm font-semibold text-slate-700">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} className="h-auto w-full">
        {bars.map((b, i) => {
          const y = i * row + 2 + top;
          const w = b.value === 0 ? 0 : Math.max(2, (b.value / max) * plotW);
          const figure = b.note ? `${b.value} (${b.note})` : String(b.value);
          return (
            <g key={b.label}>
              <text
                x={wide ? labelW - 8 : 0}
                y={wide ? y + BAR / 2 + 5 : y - 6}
                textAnchor={wide ? 'end' : 'start'}
                fontSize="13"
                fill="#334155"
              >
                {b.label}
              </text>
              <rect x={labelW} y={y} width={plotW} height={BAR} rx="3" fill="#f1f5f9" />
              <rect x={labelW} y={y} width={w} height={BAR} rx="3" fill={colour}>
                <title>{`${b.label}: ${figure}`}</title>
              </rect>
              <text x={labelW + plotW + 8} y={y + BAR / 2 + 5} fontSize="13" fontWeight="600" fill="#0f172a">
                {figure}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
