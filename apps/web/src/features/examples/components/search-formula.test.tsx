import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type Routes } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { catalogueRoutes, makeExample } from '../../../test/catalogue-fixtures';
import { examplesPage } from '../test/fixtures';
import { examplesRoutes } from '../test/screens';
import { EMPTY_FORMULA_MESSAGE, withFormula } from './search-formula-panel';
import { searchSuggestions } from './search-suggestions-module';

vi.mock('./attempt/math-answer-field', () => import('../test/math-answer-field-stub'));

const api: Routes = {
  ...catalogueRoutes,
  'GET /examples': () => examplesPage([makeExample({ id: 1 })]),
};

describe('withFormula: the search with a formula typed in the maths field', () => {
  it('keeps the words and puts the formula between dollars after them', () => {
    expect(withFormula('', 'x^2-7x+12')).toBe('$x^2-7x+12$');
    expect(withFormula('factorise  ', ' x^2+x-12 ')).toBe('factorise $x^2+x-12$');
  });

  it('replaces a formula the search already held, wherever it was', () => {
    expect(withFormula('$\\int x e^{2x}dx$ by parts', '\\int x\\sin x\\,dx')).toBe(
      'by parts $\\int x\\sin x\\,dx$',
    );
  });
});

describe('Type a formula, on /examples', { timeout: 20_000 }, () => {
  it('opens a maths field under the search box and searches the formula with the words typed', async () => {
    const { callsTo } = fakeApi(api);
    // The box with its suggestions (a combobox), as once a pointer has come near it.
    await searchSuggestions.request();
    const { location } = renderApp('/examples?q=factorise', { routes: examplesRoutes });
    const open = await screen.findByRole('button', { name: 'Type a formula' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.textContent).toBe('Close the formula field');

    const field = await screen.findByRole('textbox', { name: 'Formula' });
    fireEvent.change(field, { target: { value: 'x^2+x-12' } });
    fireEvent.keyDown(field, { key: 'Enter' });

    await waitFor(() => expect(location().search).toBe('?q=factorise+%24x%5E2%2Bx-12%24'));
    const box = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
    expect(box.value).toBe('factorise $x^2+x-12$');
    await waitFor(() =>
      expect(callsTo('/examples').at(-1)!.query['q']).toBe('factorise $x^2+x-12$'),
    );
    // Searched: the field closes.
    expect(screen.queryByTestId('search-formula')).toBeNull();
  });

  it('says what to do when the field is empty, and changes nothing', async () => {
    fakeApi(api);
    const { location } = renderApp('/examples?q=factorise', { routes: examplesRoutes });
    fireEvent.click(await screen.findByRole('button', { name: 'Type a formula' }));
    await screen.findByRole('textbox', { name: 'Formula' });
    fireEvent.click(screen.getByRole('button', { name: 'Search this formula' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EMPTY_FORMULA_MESSAGE);
    expect(screen.getByRole('textbox', { name: 'Formula' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(location().search).toBe('?q=factorise');
  });

  it('refuses a formula that would make the search longer than a search may be', async () => {
    fakeApi(api);
    const { location } = renderApp('/examples', { routes: examplesRoutes });
    fireEvent.click(await screen.findByRole('button', { name: 'Type a formula' }));
    const field = await screen.findByRole('textbox', { name: 'Formula' });
    fireEvent.change(field, { target: { value: 'x+'.repeat(120) } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That search is too long: a search has at most 200 characters.',
    );
    expect(location().search).toBe('');
  });
});
