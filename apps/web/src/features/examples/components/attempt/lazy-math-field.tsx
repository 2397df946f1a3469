import { Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import classes from './attempt.module.css';
import type { MathAnswerFieldProps } from './math-answer-field';

// MathLive (about 250 KB gzipped) loads only when a maths field is first shown, in the browser.
const MathAnswerField = lazy(() => import('./math-answer-field'));

/**
 * The maths field (math-answer-field.tsx), fetched when first shown, with "Loading the maths
 * editor…" in its place meanwhile: the answer panel's and the search's formula field.
 */
export function LazyMathField(props: MathAnswerFieldProps) {
  return (
    <Suspense
      fallback={
        <div className={classes.loading}>
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading the maths editor…
          </Text>
        </div>
      }
    >
      <MathAnswerField {...props} />
    </Suspense>
  );
}
