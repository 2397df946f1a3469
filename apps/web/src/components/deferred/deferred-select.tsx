import { ComboboxChevron, InputBase, type ComboboxItem, type SelectProps } from '@mantine/core';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { floating } from './floating-module';

export interface DeferredSelectProps extends Omit<SelectProps, 'data' | 'label'> {
  label: ReactNode;
  data: readonly ComboboxItem[];
}

/** Keys (KeyboardEvent.code) that open a closed Select (Mantine's combobox target reads `code`). */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'NumpadEnter', 'Space']);

type Gesture = { type: 'click' } | { type: 'keydown'; key: string; code: string };

/** What happened on the stand-in, to be handed to the Select once it is there. */
interface HandOver {
  focused: boolean;
  gesture: Gesture | null;
}

/**
 * Mantine's Select, fetched (with its dropdown, floating-ui and scroll area) the first time a
 * pointer comes near it or it gets focus — until then a stand-in with the same markup and look:
 * the closed Select is an InputBase with a chevron. Focus and a press that came before the Select
 * are handed over to it, so a click or ArrowDown/Space/Enter still opens the dropdown.
 */
export function DeferredSelect({ id, data, ...props }: DeferredSelectProps) {
  const module = floating.use();
  const inputId = useId();
  const selectRef = useRef<HTMLInputElement>(null);
  const handOver = useRef<HandOver>({ focused: false, gesture: null });

  useLayoutEffect(() => {
    if (module && handOver.current.focused) selectRef.current?.focus();
  }, [module]);
  // A key is replayed in the next task, once the Select has mounted and painted: replayed inside
  // this effect, Chromium opened the dropdown with no option highlighted and the next ArrowDown and
  // Enter picked nothing (keyboard-only browser test, three runs in four).
  useEffect(() => {
    const input = selectRef.current;
    if (!module || !input) return;
    const { gesture } = handOver.current;
    handOver.current = { focused: false, gesture: null };
    if (gesture?.type === 'click') input.click();
    if (gesture?.type === 'keydown') {
      const { key, code } = gesture;
      // Not cancelled on cleanup: StrictMode's second run finds the hand-over already emptied.
      setTimeout(() =>
        input.dispatchEvent(
          new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true }),
        ),
      );
    }
  }, [module]);

  if (module) {
    return (
      <module.Select ref={selectRef} id={id ?? inputId} data={data as ComboboxItem[]} {...props} />
    );
  }
  const selected = data.find((item) => item.value === props.value);
  return (
    <StandIn
      {...props}
      id={id ?? inputId}
      value={selected?.label ?? ''}
      onGesture={(gesture) => (handOver.current.gesture = gesture)}
      onLeaveFocused={() => (handOver.current.focused = true)}
    />
  );
}

interface StandInProps extends Omit<DeferredSelectProps, 'data' | 'value' | 'id'> {
  id: string;
  value: string;
  onGesture: (gesture: Gesture) => void;
  /** Called when the stand-in goes away (for the Select) while it has the focus. */
  onLeaveFocused: () => void;
}

function StandIn({
  id,
  value,
  onGesture,
  onLeaveFocused,
  label,
  leftSection,
  size = 'sm',
  error,
  disabled,
  chevronColor,
  description,
  placeholder,
  className,
  style,
}: StandInProps) {
  const ref = useRef<HTMLInputElement>(null);
  // Runs before React removes this input for the Select: remember whether it had the focus.
  useLayoutEffect(() => {
    const input = ref.current;
    return () => {
      if (input && document.activeElement === input) onLeaveFocused();
    };
    // Only on leaving: the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const load = () => void floating.request();
  return (
    <InputBase
      ref={ref}
      id={id}
      label={label}
      description={description}
      placeholder={placeholder}
      className={className}
      style={style}
      size={size}
      error={error}
      disabled={disabled}
      leftSection={leftSection}
      __staticSelector="Select"
      __defaultRightSection={<ComboboxChevron size={size} error={error} color={chevronColor} />}
      rightSectionPointerEvents="none"
      readOnly
      pointer
      autoComplete="off"
      value={value}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        onGesture({ type: 'click' });
        load();
      }}
      onKeyDown={(event: ReactKeyboardEvent<HTMLInputElement>) => {
        if (!OPENING_KEYS.has(event.code)) return;
        event.preventDefault();
        onGesture({ type: 'keydown', key: event.key, code: event.code });
        load();
      }}
    />
  );
}
