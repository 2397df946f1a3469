import { Loader, Text } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { AnswerPanel as Panel } from './answer-panel';

// The panel (its checks, read-back and verdicts) loads when a learner opens it, in the browser:
// it is never drawn on the server, and stays out of the first load of the examples' pages.
const AnswerPanel = lazy(() => import('./answer-panel').then((m) => ({ default: m.AnswerPanel })));

/** The answer panel, loaded when first shown. */
export function LazyAnswerPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense
      fallback={
        <div
          style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 46 }}
          data-testid="answer-panel-loading"
        >
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading the answer box…
          </Text>
        </div>
      }
    >
      <AnswerPanel {...props} />
    </Suspense>
  );
}
