import type { TryAnswersBody } from '@exemplar/shared/answer-spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type ApiCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, INFERRED_SPEC } from '../test/fixtures';
import { adminRoutes } from '../test/screens';

const renderAdmin = (url = '/admin?tab=examples') =>
  renderApp(url, { routes: adminRoutes, as: 'admin' });

const bare = (text: string) => text.replace(/[$\s]/g, '');

/**
 * The editor's try, as the checker would answer it here: an answer equal to the stored one
 * (without `$` and spaces) is accepted, an unclosed brace is not read, anything else is refused.
 */
function tryRoute({ body }: ApiCall) {
  const { answer, answerSpec, answers } = body as TryAnswersBody;
  return {
    answerSpec: answerSpec ?? INFERRED_SPEC,
    inferred: answerSpec === null,
    results: answers.map((typed) =>
      typed.split('{').length !== typed.split('}').length
        ? { answer: typed, refused: 'A brace is not closed.' }
        : { answer: typed, correct: bare(typed) === bare(answer) },
    ),
  };
}

async function editExample1() {
  const api = fakeApi({ ...catalogueRoutes(), 'POST /admin/answer-check/try': tryRoute });
  renderAdmin();
  fireEvent.click(await screen.findByRole('button', { name: 'Edit example 1' }));
  const section = within(await screen.findByRole('group', { name: 'Answer checking' }));
  return { api, section };
}

const testAnswerField = () => screen.getByRole('textbox', { name: /^What a learner types/ });

function tryTyped(answer: string) {
  fireEvent.change(testAnswerField(), { target: { value: answer } });
  fireEvent.keyDown(testAnswerField(), { key: 'Enter' });
}

const kept = () => screen.queryAllByTestId('kept-answer');

describe('/admin example form: answer checking', { timeout: 30_000 }, () => {
  it('tries answers under the inferred spec, keeps them, flags a mismatch and saves them', async () => {
    const { api, section } = await editExample1();
    expect(section.getByTestId('answer-spec-inferred').textContent).toBe(
      'Inferred from the answer: An equation.',
    );
    expect(section.getByText(/None yet/)).toBeTruthy();

    tryTyped('x=1');
    const tried = await screen.findByTestId('tried-answer');
    expect(within(tried).getByText('Accepted')).toBeTruthy();
    // What the try inferred replaces what was inferred when the example was saved.
    expect(section.getByTestId('answer-spec-inferred').textContent).toBe(
      'Inferred from the answer: A number or quantity.',
    );
    expect(api.callsTo('POST /admin/answer-check/try')[0]!.body).toEqual({
      question: 'Solve $x + 1 = 2$.',
      answer: '$x = 1$',
      answerSpec: null,
      answers: ['x=1'],
    });
    // Enter tried the answer; it did not save the example.
    expect(api.callsTo('PUT /examples/1')).toHaveLength(0);
    fireEvent.click(within(tried).getByRole('button', { name: 'Keep x=1: must be accepted' }));
    expect(screen.queryByTestId('tried-answer')).toBeNull();
    expect(kept()).toHaveLength(1);
    expect(within(kept()[0]!).getByText('Must be accepted')).toBeTruthy();
    expect(within(kept()[0]!).getByText('As expected')).toBeTruthy();

    // A wrong answer kept as one to accept is a mismatch, said in words.
    tryTyped('x=2');
    const wrong = await screen.findByTestId('tried-answer');
    await waitFor(() => expect(within(wrong).getByText('Refused')).toBeTruthy());
    // Each try checks the kept answers again.
    expect(api.callsTo('POST /admin/answer-check/try')[1]!.body).toMatchObject({
      answers: ['x=2', 'x=1'],
    });
    fireEvent.click(within(wrong).getByRole('button', { name: 'Keep x=2: must be accepted' }));
    expect(kept()).toHaveLength(2);
    expect(kept()[1]!.getAttribute('data-agrees')).toBe('false');
    expect(within(kept()[1]!).getByText('Mismatch: the checker does not accept it')).toBeTruthy();
    expect(screen.getByTestId('try-summary').textContent).toContain(
      '1 kept answer not as expected.',
    );

    // An answer the checker cannot read is one a learner is never told is right.
    tryTyped('\\frac{1');
    const unread = await screen.findByTestId('tried-answer');
    await waitFor(() => expect(within(unread).getByText('Not read')).toBeTruthy());
    expect(within(unread).getByText('A brace is not closed.')).toBeTruthy();
    fireEvent.click(within(unread).getByRole('button', { name: 'Keep \\frac{1: must be refused' }));
    expect(within(kept()[2]!).getByText('As expected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove test answer x=2' }));
    expect(kept()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT /examples/1')[0]!.body).toMatchObject({
      answerSpec: null,
      testAnswers: [
        { answer: 'x=1', accept: true },
        { answer: '\\frac{1', accept: false },
      ],
    });
  });

  it('sets the spec by hand (a letter only for multiple choice), marks old verdicts out of date, and goes back to inferred', async () => {
    const { api, section } = await editExample1();
    tryTyped('x=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Keep x=1: must be accepted' }));
    fireEvent.click(section.getByRole('button', { name: 'Set it by hand' }));
    const kind = section.getByRole('combobox', { name: 'Kind of answer' }) as HTMLInputElement;
    expect(kind.value).toBe('A number or quantity');
    expect(section.queryByRole('combobox', { name: /Right letter/ })).toBeNull();
    // The spec changed: the kept answer's verdict was for the old one.
    expect(within(kept()[0]!).getByText('Not tried under the current spec')).toBeTruthy();

    fireEvent.click(kind);
    fireEvent.click(await screen.findByRole('option', { name: 'Multiple choice' }));
    expect(section.getByRole('combobox', { name: /Right letter/ })).toBeTruthy();
    // Without its letter the spec is refused before anything is sent.
    fireEvent.click(section.getByRole('button', { name: 'Try' }));
    expect(await section.findByText('A multiple-choice answer needs its letter.')).toBeTruthy();
    expect(api.callsTo('POST /admin/answer-check/try')).toHaveLength(1);

    fireEvent.click(section.getByRole('combobox', { name: /Right letter/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'B' }));
    fireEvent.click(section.getByRole('button', { name: 'Try' }));
    await waitFor(() => expect(api.callsTo('POST /admin/answer-check/try')).toHaveLength(2));
    expect(api.callsTo('POST /admin/answer-check/try')[1]!.body).toMatchObject({
      answerSpec: { kind: 'choice', form: 'any', unit: null, tolerance: null, choice: 'B' },
      answers: ['x=1'],
    });
    await waitFor(() => expect(within(kept()[0]!).getByText('As expected')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT /examples/1')[0]!.body).toMatchObject({
      answerSpec: { kind: 'choice', choice: 'B' },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit example 1' }));
    const again = within(await screen.findByRole('group', { name: 'Answer checking' }));
    expect((again.getByRole('combobox', { name: /Right letter/ }) as HTMLInputElement).value).toBe(
      'B',
    );
    fireEvent.click(again.getByRole('button', { name: 'Go back to inferred' }));
    expect(again.getByTestId('answer-spec-inferred')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT /examples/1')[1]!.body).toMatchObject({ answerSpec: null });
  });
});
