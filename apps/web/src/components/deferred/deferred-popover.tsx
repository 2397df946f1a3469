import type { PopoverDropdownProps, PopoverProps } from '@mantine/core';
import {
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { floating } from './floating-module';

/** What the target element must accept (spread it on a button). */
export interface PopoverTargetProps {
  ref?: Ref<HTMLButtonElement>;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
}

interface DeferredPopoverProps extends Omit<PopoverProps, 'children'> {
  /** The button that opens the popover, given the props it needs. */
  target: (props: PopoverTargetProps) => ReactElement;
  dropdownProps?: PopoverDropdownProps;
  children: ReactNode;
}

/**
 * Mantine's Popover (a button that opens a small dialog), fetched the first time a pointer comes
 * near the button or it gets focus. Until then the button stands alone with the same attributes;
 * a press that came first opens the popover as soon as it is there, focus staying on the button.
 */
export function DeferredPopover({
  target,
  dropdownProps,
  children,
  ...props
}: DeferredPopoverProps) {
  const module = floating.use();
  const [pressed, setPressed] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  // A press before the Popover arrived: keep the focus on the (new) button.
  useLayoutEffect(() => {
    if (module && pressed) targetRef.current?.focus();
  }, [module, pressed]);

  if (module) {
    const { Popover } = module;
    return (
      <Popover {...props} defaultOpened={pressed}>
        <Popover.Target>{target({ ref: targetRef })}</Popover.Target>
        <Popover.Dropdown {...dropdownProps}>{children}</Popover.Dropdown>
      </Popover>
    );
  }
  const load = () => void floating.request();
  return target({
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    onPointerEnter: load,
    onFocus: load,
    onClick: () => {
      setPressed(true);
      load();
    },
  });
}
