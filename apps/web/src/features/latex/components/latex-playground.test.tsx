import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SAMPLE, EMPTY_HINT, SAMPLE_SNIPPETS } from '../samples';
import { LatexPlayground } from './latex-playground';

function renderPlayground() {
  return render(
    <MantineProvider env="test">
      <LatexPlayground />
    </MantineProvider>,
  );
}

const textarea = () => screen.getByLabelText('Your text') as HTMLTextAreaElement;
const output = () => screen.getByTestId('latex-output');

describe('<LatexPlayground> (/latex)', () => {
  it('starts with sample text rendered below the textarea', () => {
    renderPlayground();
    expect(textarea().value).toBe(DEFAULT_SAMPLE);
    expect(output().querySelectorAll('.katex').length).toBeGreaterThan(3);
    expect(output().querySelector('.math-display')).not.toBeNull();
    expect(screen.getByText('All maths rendered')).toBeDefined();
    // output comes after the textarea in the document
    expect(
      textarea().compareDocumentPosition(output()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows the sample\'s prices "$5 and $10" as plain text, not maths', () => {
    renderPlayground();
    expect(output().textContent).toContain('prices like $5 and $10 stay plain text (so does $5)');
    for (const katex of output().querySelectorAll('.katex'))
      expect(katex.textContent).not.toContain('and');
  });

  it('offers six sample snippets that load into the textarea', async () => {
    renderPlayground();
    const buttons = screen.getAllByRole('button', { name: /^Load sample: / });
    expect(buttons).toHaveLength(6);
    const matrix = SAMPLE_SNIPPETS.find((s) => s.id === 'matrix')!;
    fireEvent.click(screen.getByRole('button', { name: 'Load sample: Matrix' }));
    expect(textarea().value).toBe(matrix.text);
    expect(
      screen.getByRole('button', { name: 'Load sample: Matrix' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await waitFor(() => expect(output().textContent).toContain('The determinant'));
    expect(output().querySelector('.math-error')).toBeNull();
  });

  it('renders every sample snippet without errors', async () => {
    renderPlayground();
    for (const snippet of SAMPLE_SNIPPETS) {
      fireEvent.click(screen.getByRole('button', { name: `Load sample: ${snippet.title}` }));
      await waitFor(() =>
        expect(output().textContent).toContain(snippet.text.split('$')[0]!.slice(0, 10)),
      );
      expect(output().querySelector('.math-error'), snippet.id).toBeNull();
    }
  });

  it('shows a hint when the input is empty', async () => {
    renderPlayground();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(textarea().value).toBe('');
    await waitFor(() => expect(output().textContent).toBe(EMPTY_HINT));
    expect(EMPTY_HINT).toBe(
      'Type some text with $inline$ or $$display$$ maths to see it rendered.',
    );
  });

  it('updates live and marks failing expressions with a red "Error"', async () => {
    renderPlayground();
    fireEvent.change(textarea(), { target: { value: 'ok $x^2$ bad $\\frac{1}{2$ end' } });
    await waitFor(() => expect(output().querySelector('.math-error')).not.toBeNull());
    const marker = output().querySelector('.math-error')!;
    expect(marker.textContent).toBe('Error');
    expect(output().querySelector('.math-source')?.textContent).toBe('$\\frac{1}{2$');
    expect(
      within(screen.getByRole('region', { name: 'Rendered output' })).getByText('1 error'),
    ).toBeDefined();
  });

  it('resets to the sample text', async () => {
    renderPlayground();
    fireEvent.change(textarea(), { target: { value: 'something else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset sample' }));
    expect(textarea().value).toBe(DEFAULT_SAMPLE);
  });
});
