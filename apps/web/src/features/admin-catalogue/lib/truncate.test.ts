import { describe, expect, it } from 'vitest';
import { LIST_TEXT_LIMIT, truncateText } from './truncate';

describe('truncateText (admin example text cut to 50 characters)', () => {
  it('keeps text of up to 50 characters as it is', () => {
    const fifty = 'x'.repeat(50);
    expect(LIST_TEXT_LIMIT).toBe(50);
    expect(truncateText(fifty)).toBe(fifty);
    expect(truncateText('Solve $x+1=2$.')).toBe('Solve $x+1=2$.');
  });

  it('cuts longer text to its first 50 characters and marks the cut', () => {
    const text = `${'a'.repeat(50)}bcdef`;
    expect(truncateText(text)).toBe(`${'a'.repeat(50)}…`);
  });

  it('never splits a character made of two code units, and flattens line breaks', () => {
    const text = `${'😀'.repeat(60)}`;
    expect(Array.from(truncateText(text))).toHaveLength(51);
    expect(truncateText('line one\nline two')).toBe('line one line two');
  });
});
