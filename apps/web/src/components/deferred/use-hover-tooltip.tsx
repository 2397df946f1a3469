import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { floating } from './floating-module';

interface HoverTooltipOptions {
  label: ReactNode;
  /** Hover time before it shows, as Mantine's Tooltip openDelay (ms). */
  openDelay?: number;
  withArrow?: boolean;
}

/**
 * A Mantine Tooltip shown while a mouse rests on the target, as `<Tooltip>` does by default (hover
 * only: not on focus or touch), but fetched with the first hover instead of with the page. Spread
 * `targetProps` on the target element and render `tooltip` beside it.
 */
export function useHoverTooltip<T extends HTMLElement>({
  label,
  openDelay = 0,
  withArrow,
}: HoverTooltipOptions) {
  const ref = useRef<T>(null);
  const timer = useRef<number | undefined>(undefined);
  const [hovered, setHovered] = useState(false);
  const module = floating.use();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const targetProps = {
    ref,
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      void floating.request();
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setHovered(true), openDelay);
    },
    onPointerLeave: () => {
      window.clearTimeout(timer.current);
      setHovered(false);
    },
  };
  const tooltip = module ? (
    <module.Tooltip target={ref} label={label} opened={hovered} withArrow={withArrow} />
  ) : null;
  return { targetProps, tooltip };
}
