import '@mantine/charts/styles.css';
import { BarChart, Heatmap } from '@mantine/charts';
import { ScrollArea } from '@mantine/core';
import type { DayCount } from '@exemplar/shared/reviews';
import type { ComponentProps } from 'react';
import { formatDay, formatShortDay, plural } from '../lib/review-days';

/*
 * The dashboard's review charts, drawn by @mantine/charts (with recharts): loaded with React.lazy
 * by reviews-section.tsx, so the chart library is in no page's first load. The section says what
 * each chart shows in words and in a table, for screen readers and while the charts load.
 */

/**
 * A GitHub-style calendar of the grades given each day (the days as the API gives them): a day
 * without grades is an empty (grey) square, the others from the palest to the deepest green up to
 * the busiest day.
 */
export function ReviewHeatmap({ days }: { days: readonly DayCount[] }) {
  const active = days.filter((day) => day.count > 0);
  const data = Object.fromEntries(active.map((day) => [day.date, day.count]));
  const busiest = Math.max(1, ...active.map((day) => day.count));
  return (
    <ScrollArea type="auto" offsetScrollbars="x" data-testid="review-heatmap">
      <Heatmap
        data={data}
        domain={[0, busiest]}
        startDate={days[0]?.date}
        endDate={days.at(-1)?.date}
        withOutsideDates={false}
        withMonthLabels
        withWeekdayLabels
        weekdayLabels={['Sun', 'Mon', '', 'Wed', '', 'Fri', '']}
        firstDayOfWeek={1}
        rectSize={13}
        gap={3}
        rectRadius={3}
        withTooltip
        getTooltipLabel={({ date, value }) => `${formatDay(date)}: ${plural(value ?? 0, 'review')}`}
        getRectProps={({ date }) => ({ 'data-date': date }) as ComponentProps<'rect'>}
        withLegend
        legendLabels={['Fewer', 'More']}
        aria-hidden
      />
    </ScrollArea>
  );
}

/** Props recharts passes on to the chart's focusable surface, which its types leave out. */
const surfaceName = (label: string): Record<string, string> => ({ 'aria-label': label });

/**
 * One bar per coming day: the reviews falling due on it. The chart takes focus (recharts'
 * keyboard layer): the arrow keys move its tooltip from day to day; `label` names it.
 */
export function DueChart({ days, label }: { days: readonly DayCount[]; label: string }) {
  const data = days.map((day) => ({
    day: formatDay(day.date),
    short: formatShortDay(day.date),
    due: day.count,
  }));
  const short = new Map(data.map((entry) => [entry.day, entry.short]));
  return (
    <BarChart
      h={180}
      data={data}
      dataKey="day"
      series={[{ name: 'due', label: 'Due', color: 'violet.6' }]}
      tickLine="none"
      gridAxis="x"
      xAxisProps={{ tickFormatter: (day: string) => short.get(day) ?? day, minTickGap: 12 }}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      tooltipAnimationDuration={0}
      maxBarWidth={18}
      barChartProps={surfaceName(label)}
      data-testid="due-chart"
    />
  );
}
