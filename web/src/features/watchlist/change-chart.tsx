// The day's change of each ticker as an SVG bar chart around a zero line: the market-data provider
// gives a quote and the previous close, not a price history, so this is the chart the data allows.
import type { TickerQuote } from './use-quotes';

const ROW = 28;
const LABEL = 64;
const WIDTH = 480;

export function ChangeChart({ rows }: { rows: { identifier: string; quote: TickerQuote }[] }) {
  if (rows.length === 0) return null;
  const largest = Math.max(0.5, ...rows.map((r) => Math.abs(r.quote.change_percent)));
  const half = (WIDTH - LABEL) / 2;
  const zero = LABEL + half;
  const height = rows.length * ROW + 8;
  const summary = rows.map((r) => `${r.identifier} ${r.quote.change_percent >= 0 ? '+' : ''}${r.quote.change_percent.toFixed(2)}%`).join(', ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="w-full" role="img" aria-label={`Day's change by ticker: ${summary}`}>
      <line x1={zero} x2={zero} y1={0} y2={height} className="stroke-neutral-300 dark:stroke-neutral-700" />
      {rows.map((r, i) => {
        const length = (Math.abs(r.quote.change_percent) / largest) * (half - 8);
        const up = r.quote.change_percent >= 0;
        const y = 4 + i * ROW;
        return (
          <g key={r.identifier}>
            <text x={0} y={y + ROW / 2} dominantBaseline="middle" className="fill-current text-xs">
              {r.identifier}
            </text>
            <rect
              x={up ? zero : zero - length}
              y={y + 4}
              width={Math.max(1, length)}
              height={ROW - 8}
              rx={3}
              className={up ? 'fill-emerald-600 dark:fill-emerald-500' : 'fill-red-600 dark:fill-red-500'}
            />
          </g>
        );
      })}
    </svg>
  );
}
