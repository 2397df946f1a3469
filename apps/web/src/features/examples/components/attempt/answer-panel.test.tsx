import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeExample } from '../../../../test/catalogue-fixtures';
import { deferred } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render';
import { fakeLearnerApi } from '../../test/fixtures';
import { examplesRoutes } from '../../test/screens';
import { UNCHECKABLE_NOTE } from './uncheckable-note';

// MathLive needs a real browser: a text box with the same props stands in for its field.
vi.mock('./math-answer-field', () => import('../../test/math-answer-field-stub'));

const spec = (fields: Partial<ReturnType<typeof makeExample>['answerSpec']>) => ({
  kind: 'value' as const,
  form: 'any' as const,
  unit: null,
  tolerance: null,
  choice: null,
  ...fields,
});

const examples = [
  makeExample({ id: 1, categoryId: 10, answer: '$x = 1$' }),
  makeExample({
    id: 2,
    categoryId: 10,
    answer: 'Because the angles of a triangle add up to $180^\\circ$.',
    answerSpec: spec({ kind: 'none' }),
  }),
  makeExample({
    id: 3,
    categoryId: 10,
    answer: '(B) $12$',
    answerSpec: spec({ kind: 'choice', choice: 'B' }),
  }),
  makeExample({ id: 4, categoryId: 10, answer: '$12$ m/s', answerSpec: spec({ unit: 'm/s' }) }),
];

async function openExample(id: number) {
  renderApp(`/examples/${id}`, { routes: examplesRoutes });
  await screen.findByRole('heading', { name: `Example ${id}` });
}

async function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: 'Try it yourself' }));
  return screen.findByRole('textbox', { name: 'Your answer' });
}

const type = (field: HTMLElement, latex: string) =>
  fireEvent.change(field, { target: { value: latex } });
const readBack = () => screen.getByTestId('answer-reading');
const verdict = () => screen.getByRole('status');

afterEach(() => vi.restoreAllMocks());

describe('“We read your answer as …”', { timeout: 20_000 }, () => {
  it('reads the answer back typeset once typing pauses, before any verdict, with one request', async () => {
    const api = fakeLearnerApi(examples);
    await openExample(1);
    const field = await openPanel();
    type(field, 'x');
    type(field, 'x=');
    type(field, 'e^2x');
    await waitFor(() => expect(readBack().textContent).toContain('We read your answer as'));
    expect(readBack().querySelector('.katex')).not.toBeNull();
    expect(readBack().querySelector('annotation')?.textContent).toBe('e^2x');
    // Only the answer typing paused on was read; nothing was checked.
    expect(api.callsTo('POST /examples/1/read').map((call) => call.body)).toEqual([
      { answer: 'e^2x' },
    ]);
    expect(api.callsTo('POST /examples/1/check')).toHaveLength(0);
    expect(verdict().textContent).toBe('');
    // The reading describes the field for screen readers.
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(readBack().id);
  });

  it('names a part it cannot read in plain words, and drops a reading as soon as the answer changes', async () => {
    fakeLearnerApi(examples);
    await openExample(1);
    const field = await openPanel();
    type(field, 'x=1');
    await waitFor(() => expect(readBack().textContent).toContain('We read your answer as'));
    type(field, '\\frac{1');
    // The reading of x=1 is gone at once, before the new one arrives.
    expect(readBack().textContent).toBe('');
    await waitFor(() => expect(readBack().textContent).toBe('A brace is not closed.'));
    expect(readBack().querySelector('.katex')).toBeNull();
  });

  it('aborts and ignores the reading of an answer that changed while it was read', async () => {
    const hold = deferred();
    const api = fakeLearnerApi(examples);
    // Asked before the fixture's route, to which it passes each call once let go.
    api.on({
      'POST /examples/:id/read': async ({ body }) => {
        if ((body as { answer: string }).answer === 'x=2') await hold.promise;
        return undefined;
      },
    });
    await openExample(1);
    const field = await openPanel();
    type(field, 'x=2');
    await waitFor(() => expect(api.callsTo('POST /examples/1/read')).toHaveLength(1));
    type(field, 'x=1');
    const [stale] = api.callsTo('POST /examples/1/read');
    expect(stale!.signal?.aborted).toBe(true);
    await waitFor(() => expect(readBack().querySelector('annotation')?.textContent).toBe('x=1'));
    // Let the held reading arrive, and everything it would set off run.
    const heldFetch = api.fetch.mock.results[
      api.fetch.mock.calls.findIndex(([, init]) => init?.signal === stale!.signal)
    ]!.value as Promise<Response>;
    // Every reading shown from here on, until a newer answer is read: whatever the held reading
    // would set off comes before that newer reading, so x=2 must never be among them.
    const reading = () => screen.queryByTestId('answer-reading')?.querySelector('annotation');
    const shown: (string | null | undefined)[] = [];
    const watch = new MutationObserver(() => shown.push(reading()?.textContent));
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    await act(async () => {
      hold.resolve();
      await (await heldFetch).json();
    });
    expect(reading()?.textContent).toBe('x=1');
    type(field, 'x=3');
    await waitFor(() => expect(reading()?.textContent).toBe('x=3'));
    watch.disconnect();
    expect(shown).toContain('x=3');
    expect(shown).not.toContain('x=2');
  });

  it('shows the reading of a new answer with no verdict of the old one under it', async () => {
    fakeLearnerApi(examples);
    await openExample(1);
    const field = await openPanel();
    type(field, 'x=1');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(verdict().textContent).toContain('Correct!'));
    type(field, 'x=12');
    expect(verdict().textContent).toBe('');
    await waitFor(() => expect(readBack().querySelector('annotation')?.textContent).toBe('x=12'));
    expect(screen.queryByText('Correct!')).toBeNull();
  });
});

describe('what the panel says before anything is typed', { timeout: 20_000 }, () => {
  it('says an answer that is not checked automatically cannot be, with no answer field', async () => {
    const api = fakeLearnerApi(examples);
    await openExample(2);
    const note = screen.getByTestId('uncheckable-note');
    expect(note.textContent).toBe(UNCHECKABLE_NOTE);
    expect(screen.queryByRole('button', { name: 'Try it yourself' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).toBeNull();
    expect(api.callsTo('POST /examples/2/check')).toHaveLength(0);
  });

  it('says a letter or the value may be typed for multiple choice', async () => {
    fakeLearnerApi(examples);
    await openExample(3);
    const field = await openPanel();
    const hint = screen.getByTestId('answer-hint');
    expect(hint.textContent).toBe('Type the letter of your choice (A, B, …) or its value.');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
  });

  it('says the unit may be typed for an answer with a unit, and nothing for a plain one', async () => {
    fakeLearnerApi(examples);
    await openExample(4);
    await openPanel();
    expect(screen.getByTestId('answer-hint').textContent).toBe(
      'You may type the unit (m/s) after the value, or leave it out.',
    );
  });

  it('gives no hint for a plain answer', async () => {
    fakeLearnerApi(examples);
    await openExample(1);
    await openPanel();
    expect(within(screen.getByTestId('answer-panel')).queryByTestId('answer-hint')).toBeNull();
  });
});
