import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRACTICE_MODE_KEY } from '../../hooks/use-practice-mode';
import { deferred, fail, fakeApi } from '../../../../test/fake-api';
import { renderApp, signIn } from '../../../../test/render';
import { useRecordHelp } from '../../api/check-answer';
import { makeExample } from '../../../../test/catalogue-fixtures';
import { fakeLearnerApi } from '../../test/fixtures';
import { examplesRoutes } from '../../test/screens';

// MathLive needs a real browser: a text box with the same props stands in for its field.
vi.mock('./math-answer-field', () => import('../../test/math-answer-field-stub'));

const examples = [
  makeExample({ id: 1, categoryId: 10, answer: '$x = 1$' }),
  makeExample({
    id: 2,
    categoryId: 12,
    answer: '$x = 4$',
    procedure: 'Subtract $2$ from both sides.\n\nThen $x = 4$.',
  }),
];

const card = (n: number) => within(screen.getByRole('article', { name: `Example ${n}` }));
const cards = () => screen.queryAllByTestId('example-card');

/** Opens the panel of `scope` and returns its answer field. */
async function openPanel(scope: ReturnType<typeof within> = within(document.body)) {
  fireEvent.click(scope.getByRole('button', { name: 'Try it yourself' }));
  return scope.findByRole('textbox', { name: 'Your answer' });
}

function type(field: HTMLElement, latex: string) {
  fireEvent.change(field, { target: { value: latex } });
}

const verdict = () => screen.getByRole('status');

afterEach(() => {
  vi.restoreAllMocks();
  // Notifications live in a store shared by the tests of this file.
  act(() => notifications.clean());
});

describe('trying an example', { timeout: 20_000 }, () => {
  it('checks a visitor’s answer on the example page and says it is wrong, then right', async () => {
    const api = fakeLearnerApi(examples);
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).toBeNull();

    const field = await openPanel();
    type(field, 'x=2');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(verdict().textContent).toContain('Not quite.'));
    expect(verdict().textContent).toContain('show the next step');
    const [call] = api.callsTo('POST /examples/1/check');
    expect(call!.body).toEqual({ answer: 'x=2' });
    expect(call!.signedIn).toBe(false);

    type(field, 'x=1');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(verdict().textContent).toContain('Correct!'));
    // a visitor gets no mark
    expect(within(verdict()).queryByTestId('solve-mark')).toBeNull();
    expect(api.callsTo('POST /examples/1/check')).toHaveLength(2);
    expect(api.callsTo('POST /examples/1/help')).toHaveLength(0);
  });

  it('shows the feedback the server gives with the verdict', async () => {
    fakeLearnerApi(examples, {
      'POST /examples/:id/check': { correct: false, feedback: 'Check the sign of your answer.' },
    });
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    type(await openPanel(), 'x=-1');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(verdict().textContent).toContain('Check the sign of your answer.'));
    expect(verdict().textContent).toContain('Not quite.');
  });

  it("says 'Not checked.' with the server's words when the example's answer cannot be checked", async () => {
    const because =
      "This answer can't be checked automatically: compare your working with the answer.";
    fakeLearnerApi(examples, {
      'POST /examples/:id/check': { correct: false, checkable: false, feedback: because },
    });
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    type(await openPanel(), 'x=1');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(verdict().textContent).toContain('Not checked.'));
    expect(verdict().textContent).toContain(because);
    expect(verdict().textContent).not.toContain('Not quite.');
    expect(verdict().textContent).not.toContain('Try again');
  });

  it('puts the reason an answer cannot be read beside the field, with no older verdict under it', async () => {
    const api = fakeLearnerApi(examples);
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    const field = await openPanel();

    type(field, 'x=2');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(verdict().textContent).toContain('Not quite.'));

    type(field, '\\frac{1');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Could not read the answer: a brace is not closed.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(verdict().textContent).toBe('');
    expect(api.callsTo('POST /examples/1/check')).toHaveLength(2);

    // typing again clears the message
    type(field, 'x=1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('takes a verdict away when the answer changes: an old "Correct!" never stands under a new answer', async () => {
    fakeLearnerApi(examples, {
      'POST /examples/:id/check': (call) =>
        (call.body as { answer: string }).answer === 'x=1'
          ? { correct: true }
          : fail(400, 'We couldn’t read “or” in your answer.'),
    });
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    const field = await openPanel();

    type(field, 'x=1');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(verdict().textContent).toContain('Correct!'));

    // Changing the answer takes the verdict away, before any check.
    type(field, 'x=1\\lor');
    expect(verdict().textContent).toBe('');
    // Checking it shows its own outcome only.
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('We couldn’t read “or”');
    expect(verdict().textContent).toBe('');
    expect(screen.queryByText('Correct!')).toBeNull();

    // A spaced copy of the same answer keeps its verdict.
    type(field, 'x=1');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(verdict().textContent).toContain('Correct!'));
    type(field, ' x=1 ');
    expect(verdict().textContent).toContain('Correct!');
  });

  it('asks for an answer before checking an empty field, without a request', async () => {
    const api = fakeLearnerApi(examples);
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    const field = await openPanel();
    type(field, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Type an answer to check.');
    expect(api.callsTo('POST /examples/1/check')).toHaveLength(0);
  });

  it('says a failed check (rate limit) beside the field', async () => {
    fakeLearnerApi(examples, {
      'POST /examples/:id/check': fail(429, 'Too many answers checked. Try again in a minute.'),
    });
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    type(await openPanel(), 'x=1');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many answers checked. Try again in a minute.',
    );
    expect(verdict().textContent).toBe('');
  });

  it('checks one answer at a time: a second Enter while checking sends nothing', async () => {
    const hold = deferred();
    const api = fakeLearnerApi(examples, {
      // held, then passed on to the check route declared before it
      'POST /examples/*': async () => {
        await hold.promise;
        return undefined;
      },
    });
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    const field = await openPanel();
    type(field, 'x=1');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('POST /examples/1/check')).toHaveLength(1));
    fireEvent.keyDown(field, { key: 'Enter' });
    hold.resolve();
    await waitFor(() => expect(verdict().textContent).toContain('Correct!'));
    expect(api.callsTo('POST /examples/1/check')).toHaveLength(1);
  });

  it('shows no verdict for an answer changed while it was being checked', async () => {
    const hold = deferred();
    const api = fakeLearnerApi(examples, {
      'POST /examples/*': async () => {
        await hold.promise;
        return undefined;
      },
    });
    renderApp('/examples/1', { routes: examplesRoutes });
    await screen.findByRole('heading', { name: 'Example 1' });
    const field = await openPanel();
    type(field, 'x=1');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('POST /examples/1/check')).toHaveLength(1));
    type(field, 'x=12');
    const button = screen.getByRole('button', { name: 'Check answer' });
    expect(button.getAttribute('data-loading')).toBe('true');
    hold.resolve();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Check answer' }).getAttribute('data-loading'),
      ).toBeNull(),
    );
    expect(verdict().textContent).toBe('');
  });
});

describe('a signed-in learner’s solve marks', { timeout: 20_000 }, () => {
  it('marks an example tried in practice mode and solved without help on its card, its progress and the solved filter', async () => {
    const api = fakeLearnerApi(examples);
    window.localStorage.setItem(PRACTICE_MODE_KEY, 'true');
    renderApp('/examples', { routes: examplesRoutes, as: 'basic' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    const progressCalls = () => api.callsTo('GET /me/progress').length;
    await waitFor(() => expect(progressCalls()).toBeGreaterThan(0));
    const before = progressCalls();
    expect(card(2).queryByTestId('solve-mark')).toBeNull();

    const field = await openPanel(card(2));
    type(field, 'x = 4');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(card(2).getByRole('status').textContent).toContain('Correct!'));
    expect(within(card(2).getByRole('status')).getByText('Solved without help')).toBeTruthy();
    expect(api.callsTo('POST /examples/2/check')[0]!.signedIn).toBe(true);
    expect(api.callsTo('POST /examples/2/help')).toHaveLength(0);
    expect(screen.queryByTestId('answer-note')).toBeNull();
    // accepted: the solution shows whole, practice mode or not
    expect(card(2).getByRole('region', { name: 'Answer' })).toBeTruthy();
    expect(card(1).queryByRole('region', { name: 'Answer' })).toBeNull();

    // the card's marks follow at once: solved, and solved without help (named for screen readers)
    const marks = within(card(2).getByTestId('example-marks'));
    expect(marks.getByText('Solved without help')).toBeTruthy();
    expect(marks.getByTestId('solve-mark').getAttribute('title')).toBe('Solved without help');
    expect(marks.getByRole('button', { name: 'Mark solved' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(card(1).queryByTestId('solve-mark')).toBeNull();
    // and the progress is asked again (the category badges)
    await waitFor(() => expect(progressCalls()).toBe(before + 1));
    await waitFor(() =>
      expect(screen.getAllByText('1 of 2 solved, 1 without help').length).toBeGreaterThan(0),
    );
  });

  it('marks it solved with help when help was opened before the accepted answer', async () => {
    const api = fakeLearnerApi(examples);
    api.helped.add(1);
    renderApp('/examples/1', { routes: examplesRoutes, as: 'basic' });
    await screen.findByRole('heading', { name: 'Example 1' });
    type(await openPanel(), 'x=1');
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(verdict().textContent).toContain('Solved with help'));
    const marks = within(screen.getByTestId('example-marks'));
    await waitFor(() => expect(marks.getByText('Solved with help')).toBeTruthy());
  });

  it('shows the marks an example already has, and none to a visitor', async () => {
    const api = fakeLearnerApi(examples);
    api.solved.add(1).add(2);
    api.solveMarks.set(1, 'without-help').set(2, 'with-help');
    const signedIn = renderApp('/examples', { routes: examplesRoutes, as: 'basic' });
    await waitFor(() => expect(card(1).queryByTestId('solve-mark')).toBeTruthy());
    expect(card(1).getByTestId('solve-mark').textContent).toBe('Solved without help');
    expect(card(2).getByTestId('solve-mark').textContent).toBe('Solved with help');
    signedIn.unmount();
  });

  it('drops the solve mark when the learner unmarks the example solved, and restores it on failure', async () => {
    const api = fakeLearnerApi(examples);
    api.solved.add(1).add(2);
    api.solveMarks.set(1, 'without-help').set(2, 'with-help');
    api.routes['DELETE /examples/2/solved'] = fail(500, 'The database is away.');
    fakeApi(api.routes);
    renderApp('/examples', { routes: examplesRoutes, as: 'basic' });
    await waitFor(() => expect(card(1).queryByTestId('solve-mark')).toBeTruthy());

    fireEvent.click(card(1).getByRole('button', { name: 'Mark solved' }));
    await waitFor(() => expect(card(1).queryByTestId('solve-mark')).toBeNull());
    await waitFor(() => expect(api.solveMarks.has(1)).toBe(false));

    fireEvent.click(card(2).getByRole('button', { name: 'Mark solved' }));
    await screen.findByText('Could not mark the example unsolved');
    expect(card(2).getByTestId('solve-mark').textContent).toBe('Solved with help');
  });

  it('filters by Without Help and sends withoutHelp for a signed-in learner only', async () => {
    const api = fakeLearnerApi(examples);
    api.solved.add(1).add(2);
    api.solveMarks.set(1, 'without-help').set(2, 'with-help');
    const { location } = renderApp('/examples', { routes: examplesRoutes, as: 'basic' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('combobox', { name: 'Without Help' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All Examples',
      'Solved without help',
      'Not yet solved without help',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Not yet solved without help' }));
    await waitFor(() => expect(location().search).toBe('?withoutHelp=false'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(card(1).getByRole('link', { name: 'Open example ID 2' })).toBeTruthy();
    expect(api.callsTo('/examples').at(-1)!.query['withoutHelp']).toBe('false');
    expect(
      within(screen.getByRole('list', { name: 'Active filters' })).getByText(
        'Not yet solved without help',
      ),
    ).toBeTruthy();
  });

  it('never sends withoutHelp for a visitor, even from the URL', async () => {
    const api = fakeLearnerApi(examples);
    const { location } = renderApp('/examples?withoutHelp=true', { routes: examplesRoutes });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('combobox', { name: 'Without Help' })).toBeNull();
    await waitFor(() => expect(location().search).toBe(''));
    for (const call of api.callsTo('/examples')) expect('withoutHelp' in call.query).toBe(false);
  });
});

function HelpButton({ id }: { id: number }) {
  const onHelp = useRecordHelp(id);
  return (
    <button type="button" onClick={() => onHelp('step')}>
      Show next step
    </button>
  );
}

describe('recording help', { timeout: 20_000 }, () => {
  it('conceals the solution while trying, records the answer that was showing and each step shown, and reveals it when accepted', async () => {
    const api = fakeLearnerApi(examples);
    api.preferences.tryFirst = false;
    renderApp('/examples/2', { routes: examplesRoutes, as: 'basic' });
    await screen.findByRole('heading', { name: 'Example 2' });
    expect(screen.getByRole('region', { name: 'Answer' })).toBeTruthy();

    const field = await openPanel();
    expect(screen.queryByRole('region', { name: 'Answer' })).toBeNull();
    // Try first and practice mode were off: the answer was on screen as the learner started, and the panel says
    // what that means for the mark.
    expect(screen.getByTestId('answer-note').textContent).toContain(
      'The answer was showing, so a right answer counts as solved with help.',
    );
    type(field, 'x=5');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(verdict().textContent).toContain('Not quite.'));

    fireEvent.click(screen.getByRole('button', { name: 'Show next step' }));
    await waitFor(() => expect(api.helped.has(2)).toBe(true));
    expect(api.callsTo('POST /examples/2/help').map((call) => call.body)).toEqual([
      { kind: 'answer' },
      { kind: 'step' },
    ]);

    type(field, 'x=4');
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(verdict().textContent).toContain('Correct!'));
    expect(within(verdict()).getByText('Solved with help')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Answer' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Procedure' })).toBeTruthy();
  });

  it('posts each help a signed-in learner opens', async () => {
    const api = fakeLearnerApi(examples);
    renderApp(<HelpButton id={2} />, { as: 'basic' });
    fireEvent.click(screen.getByRole('button', { name: 'Show next step' }));
    await waitFor(() => expect(api.helped.has(2)).toBe(true));
    const [call] = api.callsTo('POST /examples/2/help');
    expect(call!.body).toEqual({ kind: 'step' });
    expect(call!.signedIn).toBe(true);
  });

  it('records nothing for a visitor', async () => {
    const api = fakeLearnerApi(examples);
    renderApp(<HelpButton id={2} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show next step' }));
    // Signed in, the same click records the step: a record of the visitor's click would come first.
    act(() => signIn('basic'));
    fireEvent.click(screen.getByRole('button', { name: 'Show next step' }));
    await waitFor(() => expect(api.helped.has(2)).toBe(true));
    expect(api.callsTo('POST /examples/2/help').map((call) => call.signedIn)).toEqual([true]);
  });

  it('logs a failed record and shows nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeLearnerApi(examples, { 'POST /examples/:id/help': fail(500, 'The database is away.') });
    renderApp(<HelpButton id={2} />, { as: 'basic' });
    fireEvent.click(screen.getByRole('button', { name: 'Show next step' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(String(warn.mock.calls[0]![0])).toBe('Could not record the step opened on example 2');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
