import { Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import classes from './admin.module.css';

/** Room kept beside a tab scrolled into view, so the fade never covers its label. */
const EDGE_PX = 40;

interface Overflow {
  /** Tabs hidden to the left. */
  start: boolean;
  /** Tabs hidden to the right. */
  end: boolean;
}

/** The chevron at each edge: which way it scrolls the strip. */
const CHEVRONS = [
  { side: 'start', direction: -1, Icon: IconChevronLeft },
  { side: 'end', direction: 1, Icon: IconChevronRight },
] as const;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The tab strip of a screen with more tabs than a phone is wide: it scrolls sideways, a fade and
 * a chevron at each edge show that more tabs lie that way (the chevron scrolls there on a click),
 * and the chosen tab is scrolled fully into view. The arrow keys still move between tabs (the
 * focused tab scrolls into view with them); the chevrons are for pointers only.
 */
export function ScrollingTabsList({ active, children }: { active: string; children: ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setOverflow((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  // The chosen tab, with room for the fade beside it (only the strip scrolls, never the page).
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !tab) return;
    const left = tab.getBoundingClientRect().left - list.getBoundingClientRect().left;
    const right = left + tab.offsetWidth;
    let target: number | null = null;
    if (left < EDGE_PX) target = list.scrollLeft + left - EDGE_PX;
    else if (right > list.clientWidth - EDGE_PX)
      target = list.scrollLeft + right - list.clientWidth + EDGE_PX;
    if (target !== null) list.scrollLeft = Math.max(0, target);
    measure();
  }, [active, measure]);

  const page = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    list.scrollBy({
      left: direction * list.clientWidth * 0.7,
      behavior: reducedMotion() ? 'auto' : 'smooth',
    });
  };

  return (
    <div
      className={classes.tabsFrame}
      data-overflow-start={overflow.start || undefined}
      data-overflow-end={overflow.end || undefined}
    >
      <Tabs.List ref={listRef} className={classes.tabsList}>
        {children}
      </Tabs.List>
      {/* Pointer cues only: hidden from assistive technology and out of the tab order. */}
      {CHEVRONS.map(({ side, direction, Icon }) =>
        overflow[side] ? (
          <button
            key={side}
            type="button"
            tabIndex={-1}
            aria-hidden
            className={classes.tabsChevron}
            data-side={side}
            onClick={() => page(direction)}
          >
            <Icon size={18} />
          </button>
        ) : null,
      )}
    </div>
  );
}
