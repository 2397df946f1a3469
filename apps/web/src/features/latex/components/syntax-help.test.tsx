import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRICE_SAMPLE } from '../samples';
import { SyntaxHelp } from './syntax-help';

describe('<SyntaxHelp> (/latex)', () => {
  it('shows the price case: what you type, and that it shows as plain text without maths', () => {
    render(
      <MantineProvider env="test">
        <SyntaxHelp />
      </MantineProvider>,
    );
    const term = screen.getByText('Prices in prose');
    const row = term.parentElement!;
    expect(row.querySelector('code')?.textContent).toBe('It costs $5 and $10 in total.');
    expect(PRICE_SAMPLE).toBe('It costs $5 and $10 in total.');
    const shown = row.querySelector('[class*="shows"]')!;
    expect(shown.textContent).toBe('shows as It costs $5 and $10 in total.');
    expect(shown.querySelector('.katex')).toBeNull();
    expect(row.textContent).toContain('Writing \\$ is always safe.');
  });
});
