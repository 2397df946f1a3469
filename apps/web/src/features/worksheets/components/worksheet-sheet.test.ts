import { describe, expect, it } from 'vitest';
import { workSpaceCm } from './worksheet-sheet';

describe('the room to work under a question', () => {
  it('is 4 cm without a procedure, and grows with the procedure from 3 to 6.5 cm in half centimetres', () => {
    expect(workSpaceCm({ procedure: null })).toBe(4);
    expect(workSpaceCm({ procedure: '   ' })).toBe(4);
    expect(workSpaceCm({ procedure: 'Subtract $1$.' })).toBe(3);
    expect(workSpaceCm({ procedure: 'x'.repeat(400) })).toBe(4);
    expect(workSpaceCm({ procedure: 'x'.repeat(500) })).toBe(4.5);
    expect(workSpaceCm({ procedure: 'x'.repeat(5000) })).toBe(6.5);
  });
});
