import { Box, Group } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';
import { MathText } from '../../../components/math/math-text';
import classes from './examples.module.css';
import ladder from './procedure-steps.module.css';

/**
 * The revealed steps of a procedure, in a labelled Procedure block: each step under its own
 * "Step k of n" label. A step can take focus (tabindex -1) so that the one just revealed is
 * focused, and read out, while the 'Show next step' button after the list stays the next stop.
 */
export const ProcedureSteps = forwardRef<
  HTMLOListElement,
  {
    steps: string[];
    /** How many of `steps` are shown, from the first. */
    shown: number;
    /** A small control beside the label ('Hide procedure'). */
    action?: ReactNode;
  }
>(function ProcedureSteps({ steps, shown, action }, ref) {
  return (
    <Box
      component="section"
      aria-label="Procedure"
      className={classes.procedure}
      data-section="procedure"
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <div className={classes.sectionLabel} style={{ marginBottom: 0 }}>
          Procedure
        </div>
        {action}
      </Group>
      <ol className={ladder.steps} ref={ref}>
        {steps.slice(0, shown).map((step, index) => (
          <li key={index} className={ladder.step} tabIndex={-1} data-step={index + 1}>
            <div className={ladder.stepLabel}>
              Step {index + 1} of {steps.length}
            </div>
            <MathText text={step} errorLabel="(LaTeX Error)" className={classes.math} />
          </li>
        ))}
      </ol>
    </Box>
  );
});
