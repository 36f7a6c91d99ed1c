import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayTick, SERIES_COLORS, type TrendRow, type TrendSeries } from './stats-trend';

export type ChartKind = 'line' | 'bar';

const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' };
const TOOLTIP_STYLE = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--popover-foreground)',
  fontSize: 12,
};

/**
 * The dashboard's daily chart (recharts): one line or bar per shown series over the days of the range. Loaded on
 * its own so that the figures above it do not wait for the chart library. Series are mapped straight into the
 * chart (no fragments): recharts reads its children with react-is, whose fragment check predates React 19.
 */
export default function TrendChart({
  rows,
  series,
  labels,
  kind,
  multiYear,
  height = 300,
}: {
  rows: TrendRow[];
  series: TrendSeries[];
  labels: Record<TrendSeries, string>;
  kind: ChartKind;
  multiYear: boolean;
  height?: number;
}) {
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="var(--border)" vertical={false} />,
    <XAxis
      key="x"
      dataKey="day"
      tick={AXIS}
      tickLine={false}
      axisLine={{ stroke: 'var(--border)' }}
      tickFormatter={(d: string) => dayTick(d, multiYear)}
      minTickGap={16}
    />,
    <YAxis key="y" tick={AXIS} tickLine={false} axisLine={false} allowDecimals={false} width={40} />,
    <Tooltip
      key="tip"
      contentStyle={TOOLTIP_STYLE}
      labelStyle={{ fontWeight: 600, marginBottom: 4 }}
      cursor={kind === 'bar' ? { fill: 'var(--accent)', opacity: 0.6 } : { stroke: 'var(--border)' }}
      formatter={(value, name) => [value, labels[name as TrendSeries] ?? name]}
    />,
  ];
  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === 'line' ? (
        <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          {axes}
          {series.map((key) => (
            <Line
              key={key}
              type="monotone"
              dataKey={key}
              name={key}
              stroke={SERIES_COLORS[key]}
              strokeWidth={2}
              // Dots only while they stay apart: a month on a wide chart, two weeks on a phone.
              dot={rows.length <= (height < 300 ? 14 : 31) ? { r: 2.5 } : false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      ) : (
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          {axes}
          {series.map((key) => (
            <Bar
              key={key}
              dataKey={key}
              name={key}
              fill={SERIES_COLORS[key]}
              radius={[2, 2, 0, 0]}
              maxBarSize={18}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
