import { Button, Group, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import classes from './attempt/attempt.module.css';
import { LazyMathField } from './attempt/lazy-math-field';

export const EMPTY_FORMULA_MESSAGE = 'Type a formula to search for.';

/**
 * The search with `latex` as its formula: the words of `search` kept, any formula in it (between
 * dollars) replaced by this one.
 */
export function withFormula(search: string, latex: string): string {
  const words = search
    .replace(/\$[^$]*\$/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${words} $${latex.trim()}$`.trim();
}

/**
 * The formula field under the search box (search-formula.tsx opens it): the answer panel's maths
 * field (MathLive), and a message when there is nothing to search or the search would be too long.
 */
export default function SearchFormulaPanel({
  id,
  search,
  maxLength,
  onSearch,
}: {
  id: string;
  /** The search as typed so far. */
  search: string;
  /** The longest search there may be. */
  maxLength: number;
  /** Called with the new search (its words and the formula). */
  onSearch: (q: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const latex = useRef('');
  const panel = useRef<HTMLElement>(null);
  const labelId = useId();
  const errorId = useId();

  /** Says what is wrong, and puts the focus back in the field to mend it. */
  const refuse = (message: string) => {
    setError(message);
    panel.current?.querySelector<HTMLElement>('math-field')?.focus();
  };

  const submit = () => {
    const formula = latex.current.trim();
    if (!formula) return refuse(EMPTY_FORMULA_MESSAGE);
    const q = withFormula(search, formula);
    if (q.length > maxLength) {
      return refuse(`That search is too long: a search has at most ${maxLength} characters.`);
    }
    setError(null);
    onSearch(q);
  };

  return (
    <section
      ref={panel}
      id={id}
      className={classes.panel}
      aria-labelledby={labelId}
      data-testid="search-formula"
    >
      <span className={classes.label} id={labelId}>
        Formula
      </span>
      <Text size="xs" c="dimmed" mb={6}>
        Finds examples with the same structure, whatever their numbers and letters.
      </Text>
      <LazyMathField
        labelledBy={labelId}
        describedBy={error ? errorId : undefined}
        invalid={error !== null}
        onValueChange={(value) => {
          latex.current = value;
          if (error) setError(null);
        }}
        onSubmit={submit}
      />
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" mt={6} id={errorId} role="alert">
          {error}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button size="xs" leftSection={<IconSearch size={14} aria-hidden />} onClick={submit}>
          Search this formula
        </Button>
      </Group>
    </section>
  );
}
