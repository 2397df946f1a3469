import type { HelpKind } from '@exemplar/shared/attempts';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { PRACTICE_MODE_KEY } from '../hooks/use-practice-mode';
import { makeExample } from '../../../test/catalogue-fixtures';
import { ExampleSolution } from './example-solution';
import { PracticeModeSwitch } from './practice-mode-switch';

const THREE_STEPS = [
  'Subtract $4$ from both sides:\n$$\\frac{x}{3} = 6$$',
  'Multiply both sides by $3$:\n$$x = 18$$',
  'Check: $\\frac{18}{3} + 4 = 10$.',
].join('\n\n');

const example = makeExample({ id: 1, answer: '$x = 18$', procedure: THREE_STEPS });

function renderSolution(
  props: { procedure?: string | null; concealed?: boolean; practice?: boolean } = {},
) {
  if (props.practice) window.localStorage.setItem(PRACTICE_MODE_KEY, 'true');
  const help: HelpKind[] = [];
  const shown = {
    ...example,
    procedure: props.procedure === undefined ? example.procedure : props.procedure,
  };
  function Harness() {
    // The caller's own state, as the example card and page hold it while a learner attempts.
    const [concealed, setConcealed] = useState(props.concealed);
    return (
      <>
        <PracticeModeSwitch />
        <button type="button" onClick={() => setConcealed(!concealed)}>
          Toggle concealed
        </button>
        <ExampleSolution
          example={shown}
          concealed={concealed}
          onHelp={(kind) => {
            help.push(kind);
          }}
        />
      </>
    );
  }
  const rendered = renderApp(<Harness />);
  const toggleConcealed = () => fireEvent.click(button('Toggle concealed'));
  return { ...rendered, help, toggleConcealed };
}

const button = (name: string) => screen.getByRole('button', { name });
const noButton = (name: string) => expect(screen.queryByRole('button', { name })).toBeNull();
const steps = () => screen.queryAllByRole('listitem');
const section = (name: string) => screen.queryByRole('region', { name });
const practiceSwitch = () => screen.getByRole('switch', { name: /Practice mode/ });

describe('ExampleSolution', { timeout: 20_000 }, () => {
  it('shows the answer and the whole procedure when nothing is concealed, with no reveal buttons', () => {
    renderSolution();
    expect(section('Answer')!.textContent).toContain('x=18');
    expect(section('Procedure')!.textContent).toContain('Check:');
    expect(screen.queryByTestId('practice-reveal')).toBeNull();
    expect(steps()).toHaveLength(0);
  });

  it('in practice mode reveals the procedure one step at a time, "Step k of n", focusing each revealed step', () => {
    const { help } = renderSolution({ practice: true });
    expect(section('Answer')).toBeNull();
    expect(section('Procedure')).toBeNull();
    expect(screen.getByText('Procedure in 3 steps')).toBeTruthy();
    expect(button('Show next step').getAttribute('aria-describedby')).toBe(
      screen.getByText('Procedure in 3 steps').id,
    );

    fireEvent.click(button('Show next step'));
    expect(steps()).toHaveLength(1);
    expect(steps()[0]!.textContent).toContain('Step 1 of 3');
    expect(steps()[0]!.textContent).toContain('Subtract');
    expect(document.activeElement).toBe(steps()[0]);
    expect(screen.getByText('2 steps left')).toBeTruthy();
    expect(section('Answer')).toBeNull();

    fireEvent.click(button('Show next step'));
    expect(steps()).toHaveLength(2);
    expect(steps()[1]!.textContent).toContain('Step 2 of 3');
    expect(steps()[1]!.textContent).toContain('Multiply');
    expect(document.activeElement).toBe(steps()[1]);
    expect(screen.getByText('1 step left')).toBeTruthy();

    fireEvent.click(button('Show next step'));
    expect(steps()).toHaveLength(3);
    expect(steps()[2]!.textContent).toContain('Step 3 of 3');
    expect(document.activeElement).toBe(steps()[2]);
    noButton('Show next step');
    noButton('Show all');
    expect(screen.queryByText(/left$/)).toBeNull();
    expect(help).toEqual(['step', 'step', 'step']);
    // the answer is still behind its own button
    expect(section('Answer')).toBeNull();
    expect(button('Show answer')).toBeTruthy();
  });

  it('Show all reveals the remaining steps, reports each as a step, and focuses the first of them', () => {
    const { help } = renderSolution({ practice: true });
    fireEvent.click(button('Show next step'));
    fireEvent.click(button('Show all'));
    expect(steps().map((step) => step.textContent?.slice(0, 11))).toEqual([
      'Step 1 of 3',
      'Step 2 of 3',
      'Step 3 of 3',
    ]);
    expect(document.activeElement).toBe(steps()[1]);
    expect(help).toEqual(['step', 'step', 'step']);
    noButton('Show next step');
  });

  it('Hide procedure folds the steps away and gives focus back to Show next step', () => {
    renderSolution({ practice: true });
    fireEvent.click(button('Show next step'));
    fireEvent.click(button('Show next step'));
    fireEvent.click(within(section('Procedure')!).getByRole('button', { name: 'Hide procedure' }));
    expect(section('Procedure')).toBeNull();
    expect(document.activeElement).toBe(button('Show next step'));
    expect(screen.getByText('Procedure in 3 steps')).toBeTruthy();
    fireEvent.click(button('Show next step'));
    expect(steps()).toHaveLength(1);
  });

  it('conceals when asked to with practice mode off; Show answer reports "answer", shows and focuses it; Hide answer returns focus', () => {
    const { help } = renderSolution({ concealed: true });
    expect(practiceSwitch()).toHaveProperty('checked', false);
    expect(section('Answer')).toBeNull();
    fireEvent.click(button('Show answer'));
    expect(help).toEqual(['answer']);
    expect(section('Answer')!.textContent).toContain('x=18');
    expect(document.activeElement?.contains(section('Answer'))).toBe(true);
    noButton('Show answer');
    fireEvent.click(within(section('Answer')!).getByRole('button', { name: 'Hide answer' }));
    expect(section('Answer')).toBeNull();
    expect(document.activeElement).toBe(button('Show answer'));
  });

  it('keeps a single Show procedure for a one-step procedure, reported as one step', () => {
    const { help } = renderSolution({ practice: true, procedure: 'Subtract $1$ from both sides.' });
    noButton('Show next step');
    noButton('Show all');
    fireEvent.click(button('Show procedure'));
    expect(help).toEqual(['step']);
    expect(section('Procedure')!.textContent).toContain('Subtract');
    expect(steps()).toHaveLength(0);
    expect(document.activeElement?.contains(section('Procedure'))).toBe(true);
    noButton('Show procedure');
  });

  it('offers only Show answer when there is no procedure', () => {
    renderSolution({ practice: true, procedure: null });
    const controls = within(screen.getByTestId('practice-reveal'));
    expect(controls.getAllByRole('button').map((b) => b.textContent)).toEqual(['Show answer']);
  });

  it('hides everything again when practice mode is turned off and on', () => {
    renderSolution({ practice: true });
    fireEvent.click(button('Show next step'));
    fireEvent.click(button('Show answer'));
    fireEvent.click(practiceSwitch());
    expect(section('Answer')).toBeTruthy();
    expect(section('Procedure')!.textContent).toContain('Check:');
    expect(steps()).toHaveLength(0);
    fireEvent.click(practiceSwitch());
    expect(section('Answer')).toBeNull();
    expect(section('Procedure')).toBeNull();
    expect(screen.getByText('Procedure in 3 steps')).toBeTruthy();
  });

  it('hides what was revealed when concealed turns on, and keeps it when concealed turns off in practice mode', () => {
    const { toggleConcealed } = renderSolution({ practice: true });
    fireEvent.click(button('Show next step'));
    toggleConcealed();
    expect(steps()).toHaveLength(0);
    fireEvent.click(button('Show next step'));
    fireEvent.click(button('Show next step'));
    toggleConcealed();
    expect(steps()).toHaveLength(2);
  });

  it('shows everything once concealed turns off with practice mode off', () => {
    const { toggleConcealed } = renderSolution({ concealed: true });
    fireEvent.click(button('Show next step'));
    toggleConcealed();
    expect(section('Answer')).toBeTruthy();
    expect(section('Procedure')!.textContent).toContain('Check:');
    expect(screen.queryByTestId('practice-reveal')).toBeNull();
  });
});
