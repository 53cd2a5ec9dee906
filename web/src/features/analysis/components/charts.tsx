// Plain SVG charts (docs/decisions/0011-charts-in-plain-svg.md): a grouped bar chart and a line chart,
// scaled to their box with a viewBox so they stay readable on a phone.

import type { ReactNode } from 'react';
import { useMediaQuery, WIDE_QUERY } from '../../../lib/media.ts';
import { axisTicks } from './ticks.ts';

const COLOURS = ['#1d4ed8', '#94a3b8', '#16a34a'] as const;

/** A narrower drawing on a phone, so its 12-13 px labels stay about that size once scaled to the screen. */
const useChartWidth = () => (useMediaQuery(WIDE_QUERY) ? 640 : 360);

export type BarGroup = { label: string; values: number[] };

/** Bars per group (e.g. you / average / topper per section), with a legend; negative values go below the axis. */
export function GroupedBarChart({ groups, series, title }: { groups: BarGroup[]; series: string[]; title: string }) {
  const width = useChartWidth();
  const height = 260;
  const pad = { left: 40, right: 8, top: 12, bottom: 56 };
  const all = groups.flatMap((g) => g.values);
  // Round ticks from below the lowest value (and 0) to above the highest; the scale spans them.
  const ticks = axisTicks(Math.min(0, ...all), Math.max(1, ...all));
  const [min, max] = [ticks[0], ticks[ticks.length - 1]];
  const plotH = height - pad.top - pad.bottom;
  const y = (v: number) => pad.top + ((max - v) / (max - min)) * plotH;
  const groupW = (width - pad.left - pad.right) / Math.max(1, groups.length);
  const barW = Math.min(28, (groupW - 12) / series.length);
  return (
    <ChartFrame title={title} series={series} width={width} height={height} pad={pad} ticks={ticks} y={y}>
      {groups.map((g, gi) => {
        const x0 = pad.left + gi * groupW + (groupW - barW * series.length) / 2;
        return (
          <g key={g.label}>
            {g.values.map((v, si) => (
              <rect
                key={series[si]}
                x={x0 + si * barW}
                y={Math.min(y(v), y(0))}
                width={barW - 3}
                height={Math.max(1, Math.abs(y(v) - y(0)))}
                fill={COLOURS[si % COLOURS.length]}
              >
                <title>{`${g.label}, ${series[si]}: ${v}`}</title>
              </rect>
            ))}
            <text x={pad.left + gi * groupW + groupW / 2} y={height - pad.bottom + 18} textAnchor="middle" fontSize="13" fill="#334155">
              {shorten(g.label, groupW)}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
}

export type LinePoint = { label: string; values: (number | null)[] };

/** One line per series over ordered points (e.g. score % and percentile across mocks), 0 to 100. */
export function LineChart({ points, series, title }: { points: LinePoint[]; series: string[]; title: string }) {
  const width = useChartWidth();
  const height = 240;
  const pad = { left: 40, right: 16, top: 12, bottom: 40 };
  const all = points.flatMap((p) => p.values.filter((v): v is number => v !== null));
  const ticks = axisTicks(Math.min(0, ...all), Math.max(100, ...all));
  const [min, max] = [ticks[0], ticks[ticks.length - 1]];
  const y = (v: number) => pad.top + ((max - v) / (max - min)) * (height - pad.top - pad.bottom);
  const step = points.length > 1 ? (width - pad.left - pad.right) / (points.length - 1) : 0;
  const x = (i: number) => (points.length > 1 ? pad.left + i * step : width / 2);
  return (
    <ChartFrame title={title} series={series} width={width} height={height} pad={pad} ticks={ticks} y={y}>
      {series.map((s, si) => {
        const pts = points.map((p, i) => [x(i), p.values[si]] as const).filter((p): p is readonly [number, number] => p[1] !== null);
        return (
          <g key={s}>
            <polyline
              points={pts.map(([px, v]) => `${px},${y(v)}`).join(' ')}
              fill="none"
              stroke={COLOURS[si % COLOURS.length]}
              strokeWidth="3"
            />
            {pts.map(([px, v]) => (
              <circle key={px} cx={px} cy={y(v)} r="5" fill={COLOURS[si % COLOURS.length]}>
                <title>{`${s}: ${v}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
      {points.map((p, i) => (
        <text key={`${p.label}-${x(i)}`} x={x(i)} y={height - pad.bottom + 20} textAnchor="middle" fontSize="12" fill="#334155">
          {i + 1}
        </text>
      ))}
    </ChartFrame>
  );
}

type FrameProps = {
  title: string;
  series: string[];
  width: number;
  height: number;
  pad: { left: number; right: number };
  ticks: number[];
  /** The value's height in the drawing. */
  y: (v: number) => number;
  children: ReactNode;
};

/** Caption, legend and the drawing with its y-axis ticks and grid lines; the chart draws its marks inside. */
function ChartFrame({ title, series, width, height, pad, ticks, y, children }: FrameProps) {
  return (
    <figure className="grid max-w-3xl gap-2">
      <figcaption className="text-sm font-semibold text-slate-700">{title}</figcaption>
      <Legend series={series} />
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} className="h-auto w-full">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" fontSize="12" fill="#475569" data-tick="y">
              {t}
            </text>
          </g>
        ))}
        {children}
      </svg>
    </figure>
  );
}

function Legend({ series }: { series: string[] }) {
  return (
    <ul className="flex flex-wrap gap-4 text-sm text-slate-700">
      {series.map((s, i) => (
        <li key={s} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: COLOURS[i % COLOURS.length] }} />
          {s}
        </li>
      ))}
    </ul>
  );
}

/** A label cut to what fits under its group (about 7 px a character at this size). */
const shorten = (label: string, width: number) => {
  const room = Math.max(4, Math.floor(width / 7.5));
  return label.length > room ? `${label.slice(0, room - 1)}…` : label;
};
