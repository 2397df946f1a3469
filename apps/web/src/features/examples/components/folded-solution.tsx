import { Button } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import { IconEye } from '@tabler/icons-react';
import { MathSection } from './math-section';
import ladder from './procedure-steps.module.css';

/**
 * An example's answer and procedure folded as the server draws them when try first is on: each a
 * closed disclosure (`<details>`) whose summary reads like the button the app shows in its place.
 * The folded text is in the page, so a reader without JavaScript opens it with a click or the
 * keyboard, a screen reader hears "Show answer, collapsed", and a search engine reads it; once the
 * app has taken over, the step ladder (example-solution.tsx) replaces it.
 */
export function FoldedSolution({
  example,
  withProcedure,
}: {
  example: Example;
  withProcedure: boolean;
}) {
  const summary = (label: string, color: string) => (
    <Button
      component="summary"
      variant="light"
      color={color}
      size="sm"
      leftSection={<IconEye size={16} aria-hidden />}
    >
      {label}
    </Button>
  );
  return (
    <div className={ladder.folds} data-testid="practice-reveal" data-folded="server">
      {withProcedure ? (
        <details className={ladder.fold}>
          {summary('Show procedure', 'gray')}
          <MathSection label="Procedure" text={example.procedure ?? ''} tone="procedure" />
        </details>
      ) : null}
      <details className={ladder.fold}>
        {summary('Show answer', 'teal')}
        <MathSection label="Answer" text={example.answer} tone="answer" />
      </details>
    </div>
  );
}
