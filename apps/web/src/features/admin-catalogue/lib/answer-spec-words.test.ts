import { AnswerSpecSchema } from '@exemplar/shared/answer-spec';
import { describe, expect, it } from 'vitest';
import { agrees, DEFAULT_SPEC, describeSpec, withKind } from './answer-spec-words';

describe('answer spec words', () => {
  it('describes a spec in plain words', () => {
    expect(describeSpec(DEFAULT_SPEC)).toBe('A number or quantity');
    expect(
      describeSpec({
        ...DEFAULT_SPEC,
        kind: 'equation',
        form: 'factorised',
        unit: 'm/s',
        tolerance: 0.005,
      }),
    ).toBe('An equation, factorised, in m/s, within 0.005');
    expect(describeSpec({ ...DEFAULT_SPEC, kind: 'choice', choice: 'B' })).toBe(
      'Multiple choice, letter B',
    );
  });

  it('keeps a spec valid when its kind changes: no letter but for multiple choice, nothing else for an unchecked one', () => {
    const set = {
      ...DEFAULT_SPEC,
      kind: 'choice' as const,
      choice: 'C' as const,
      unit: 'm',
      tolerance: 0.1,
    };
    expect(withKind(set, 'value')).toEqual({ ...set, kind: 'value', choice: null });
    expect(withKind(set, 'none')).toEqual({ ...DEFAULT_SPEC, kind: 'none' });
    expect(AnswerSpecSchema.safeParse(withKind(set, 'none')).success).toBe(true);
    expect(AnswerSpecSchema.safeParse(withKind(set, 'expression')).success).toBe(true);
  });

  it('says whether a verdict is what a kept answer expects; an answer not read is never accepted', () => {
    const accept = { answer: 'x', accept: true };
    const refuse = { answer: 'x', accept: false };
    expect(agrees(accept, { answer: 'x', correct: true })).toBe(true);
    expect(agrees(accept, { answer: 'x', correct: false })).toBe(false);
    expect(agrees(refuse, { answer: 'x', correct: true })).toBe(false);
    expect(agrees(refuse, { answer: 'x', correct: false })).toBe(true);
    expect(agrees(refuse, { answer: 'x', refused: 'A brace is not closed.' })).toBe(true);
    expect(agrees(accept, { answer: 'x', refused: 'A brace is not closed.' })).toBe(false);
    expect(agrees(refuse, { answer: 'x', correct: false, checkable: false })).toBe(false);
  });
});
