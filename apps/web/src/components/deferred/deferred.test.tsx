import { Button, Select } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';

// The floating-ui components arrive only when the test lets them (`gate.open()`).
const gate = vi.hoisted(() => {
  const gate = {
    open: () => {},
    promise: Promise.resolve(),
    reset() {
      gate.promise = new Promise<void>((resolve) => (gate.open = resolve));
    },
  };
  return gate;
});
vi.mock('./floating', async (importOriginal) => {
  await gate.promise;
  return importOriginal();
});

/** Fresh copies of the components, with the floating module not loaded yet. */
async function load() {
  vi.resetModules();
  gate.reset();
  const [{ DeferredSelect }, { DeferredPopover }, { useHoverTooltip }] = await Promise.all([
    import('./deferred-select'),
    import('./deferred-popover'),
    import('./use-hover-tooltip'),
  ]);
  return { DeferredSelect, DeferredPopover, useHoverTooltip };
}

const data = [
  { value: 'all', label: 'All Subjects' },
  { value: '1', label: 'Algebra' },
  { value: '2', label: 'Calculus' },
];

type Components = Awaited<ReturnType<typeof load>>;

function Filter({ DeferredSelect }: Pick<Components, 'DeferredSelect'>) {
  const [value, setValue] = useState<string | null>('all');
  return (
    <>
      <DeferredSelect
        label="Subject"
        data={data}
        value={value}
        onChange={setValue}
        allowDeselect={false}
      />
      <output>{value}</output>
    </>
  );
}

const arrive = () => act(async () => gate.open());
const combobox = () => screen.getByRole('combobox', { name: 'Subject' });

describe('DeferredSelect', () => {
  it('stands in with the markup of the closed Select, and becomes it on hover', async () => {
    const { DeferredSelect } = await load();
    const props = { id: 's', label: 'Subject', data, value: '1', allowDeselect: false };
    const standIn = renderApp(<DeferredSelect {...props} />);
    const real = renderApp(<Select {...props} />);
    const closed = (root: HTMLElement) => root.querySelector('.mantine-Select-root')!;
    // Same elements, classes, styles and attributes (in any order).
    expect(closed(standIn.container).isEqualNode(closed(real.container))).toBe(true);
    real.unmount();

    expect(standIn.container.querySelector('[role="listbox"]')).toBeNull();
    fireEvent.pointerEnter(combobox());
    await arrive();
    // The Select itself now (its listbox is in the DOM, hidden, in test mode).
    await waitFor(() => expect(standIn.container.querySelector('[role="listbox"]')).not.toBeNull());
    expect((combobox() as HTMLInputElement).value).toBe('Algebra');
  });

  it('hands a click that came first to the Select: the dropdown opens and a pick works', async () => {
    const { DeferredSelect } = await load();
    renderApp(<Filter DeferredSelect={DeferredSelect} />);
    combobox().focus();
    fireEvent.click(combobox());
    await arrive();
    fireEvent.click(await screen.findByRole('option', { name: 'Calculus' }));
    expect(screen.getByRole('status').textContent).toBe('2');
    expect(document.activeElement).toBe(combobox());
  });

  it('keeps the focus and hands over ArrowDown, so keyboard users can pick as usual', async () => {
    const { DeferredSelect } = await load();
    renderApp(<Filter DeferredSelect={DeferredSelect} />);
    combobox().focus();
    fireEvent.keyDown(combobox(), { key: 'ArrowDown', code: 'ArrowDown' });
    await arrive();
    await screen.findByRole('option', { name: 'Algebra' });
    expect(document.activeElement).toBe(combobox());
    // As with the Select from the start: ArrowDown opened on the current value, then moves on.
    fireEvent.keyDown(combobox(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(combobox(), { key: 'Enter', code: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('1');
  });
});

describe('DeferredPopover', () => {
  it('opens on a press that came before the Popover, focus staying on the button', async () => {
    const { DeferredPopover } = await load();
    renderApp(
      <DeferredPopover target={(props) => <Button {...props}>Like</Button>}>
        <p>Sign in first</p>
      </DeferredPopover>,
    );
    const button = screen.getByRole('button', { name: 'Like' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    fireEvent.click(button);
    await arrive();
    expect(await screen.findByText('Sign in first')).toBeTruthy();
    const again = screen.getByRole('button', { name: 'Like' });
    expect(again.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(again);
  });
});

describe('useHoverTooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // jsdom has no PointerEvent: enough of one for pointerType.
    class PointerEvent extends MouseEvent {
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerType = init.pointerType ?? '';
      }
    }
    vi.stubGlobal('PointerEvent', PointerEvent);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function Target({ useHoverTooltip }: Pick<Components, 'useHoverTooltip'>) {
    const { targetProps, tooltip } = useHoverTooltip<HTMLButtonElement>({
      label: 'Mark as solved',
      openDelay: 400,
    });
    return (
      <>
        <button type="button" {...targetProps}>
          Solve
        </button>
        {tooltip}
      </>
    );
  }

  it('shows the label after the delay while a mouse rests on the target, not for touch', async () => {
    const { useHoverTooltip } = await load();
    renderApp(<Target useHoverTooltip={useHoverTooltip} />);
    const button = screen.getByRole('button', { name: 'Solve' });

    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    await arrive();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Mark as solved')).toBeNull();

    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await act(async () => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Mark as solved')).toBeNull();
    await act(async () => vi.advanceTimersByTime(150));
    expect(screen.getByText('Mark as solved')).toBeTruthy();

    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByText('Mark as solved')).toBeNull());
  });
});
