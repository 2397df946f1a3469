import '@mantine/charts/styles.css';
import { BarChart, Heatmap } from '@mantine/charts';
import { ScrollArea, Tooltip } from '@mantine/core';
import type { DayCount } from '@exemplar/shared/reviews';
import { useId, useState, type ComponentProps, type FocusEvent, type KeyboardEvent } from 'react';
import { formatDay, formatShortDay, reviewDayLabel } from '../lib/review-days';
import classes from './dashboard.module.css';

/*
 * The dashboard's review charts, drawn by @mantine/charts (with recharts): loaded with React.lazy
 * by reviews-section.tsx, so the chart library is in no page's first load. The section says what
 * each chart shows in words and in a table, for screen readers and while the charts load.
 */

/** Keys that move the calendar's focus, and by how many days (a column is a week). */
const DAY_STEPS = new Map([
  ['ArrowUp', -1],
  ['ArrowDown', 1],
  ['ArrowLeft', -7],
  ['ArrowRight', 7],
]);

/**
 * A GitHub-style calendar of the grades given each day (the days as the API gives them): a day
 * without grades is an empty (grey) square, the others from the palest to the deepest green up to
 * the busiest day. Hovering a day shows its count in a tooltip. The calendar is one tab stop: Tab
 * lands on a day (today at first), the arrow keys move a day (up, down) or a week (left, right),
 * Home and End go to the first and the last day, and the focused day shows the same tooltip
 * (Escape hides it). Each day is named for screen readers ('4 reviews on Mon 2 Nov').
 */
export function ReviewHeatmap({ days, label }: { days: readonly DayCount[]; label: string }) {
  const active = days.filter((day) => day.count > 0);
  const data = Object.fromEntries(active.map((day) => [day.date, day.count]));
  const busiest = Math.max(1, ...active.map((day) => day.count));
  const counts = new Map(days.map((day) => [day.date, day.count]));
  const id = useId();
  // The day that is the tab stop (the one focused last, while it is among the days; else today),
  // and whether its tooltip shows: only while a day has focus from the keyboard.
  const [focused, setFocused] = useState<string | null>(null);
  const current = focused !== null && counts.has(focused) ? focused : days.at(-1)?.date;
  const [tooltip, setTooltip] = useState(false);

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Escape') {
      setTooltip(false);
      return;
    }
    const from = days.findIndex(
      (day) => day.date === (event.target as Element).getAttribute('data-date'),
    );
    if (from < 0) return;
    let to: number;
    if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = days.length - 1;
    else {
      const step = DAY_STEPS.get(event.key);
      if (step === undefined) return;
      to = from + step;
    }
    event.preventDefault(); // the arrow keys would scroll the page
    const next = days[to];
    if (!next) return; // no day before the first or after the last
    event.currentTarget.querySelector<SVGRectElement>(`rect[data-date="${next.date}"]`)?.focus();
  };
  const onFocus = (event: FocusEvent<SVGSVGElement>) => {
    const date = event.target.getAttribute('data-date');
    if (!date) return;
    setFocused(date);
    setTooltip(event.target.matches(':focus-visible'));
  };
  const onBlur = (event: FocusEvent<SVGSVGElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setTooltip(false);
  };

  return (
    <ScrollArea type="auto" offsetScrollbars="x" data-testid="review-heatmap">
      <Heatmap
        id={id}
        role="group"
        aria-label={label}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
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
        getTooltipLabel={({ date, value }) => reviewDayLabel(date, value ?? 0)}
        getRectProps={({ date, value }) =>
          ({
            'data-date': date,
            role: 'img',
            'aria-label': reviewDayLabel(date, value ?? 0),
            tabIndex: date === current ? 0 : -1,
          }) as ComponentProps<'rect'>
        }
        classNames={{ rect: classes.heatmapDay }}
        // The labels around the squares say nothing a day's own name does not.
        attributes={{
          monthLabel: { 'aria-hidden': true },
          weekdayLabel: { 'aria-hidden': true },
          legend: { 'aria-hidden': true },
        }}
        withLegend
        legendLabels={['Fewer', 'More']}
      />
      {current ? (
        <Tooltip
          label={reviewDayLabel(current, counts.get(current) ?? 0)}
          opened={tooltip}
          target={`svg[id="${id}"] rect[data-date="${current}"]`}
          position="top"
          withArrow
          transitionProps={{ duration: 0 }}
        />
      ) : null}
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
