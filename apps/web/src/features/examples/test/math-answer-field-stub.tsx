import type { MathAnswerFieldProps } from '../components/attempt/math-answer-field';

/**
 * MathLive needs a real browser (custom elements, layout, fonts): in unit tests a text box with
 * the same props stands in for the answer field, as
 * `vi.mock('…/math-answer-field', () => import('…/test/math-answer-field-stub'))`; the e2e tests
 * type into the real <math-field> in Chromium.
 */
export default function MathAnswerFieldStub({
  labelledBy,
  describedBy,
  invalid,
  onValueChange,
  onSubmit,
}: MathAnswerFieldProps) {
  return (
    <input
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      onChange={(event) => onValueChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSubmit();
      }}
    />
  );
}
