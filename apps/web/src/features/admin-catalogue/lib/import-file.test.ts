import { describe, expect, it } from 'vitest';
import { EMPTY_FILE, NOT_JSON, parseImportFile, WRONG_SHAPE } from './import-file';
import { filenameFromDisposition } from '../../../lib/download';

describe('parseImportFile', () => {
  it('reads a catalogue object and counts its examples', () => {
    const result = parseImportFile('\uFEFF{"format":"exemplar-catalogue","examples":[{},{}]}');
    expect(result).toEqual({
      ok: true,
      data: { format: 'exemplar-catalogue', examples: [{}, {}] },
      records: 2,
    });
  });

  it('reads an array of MATH records', () => {
    expect(parseImportFile('[{"question":"q"}]')).toMatchObject({ ok: true, records: 1 });
  });

  it('says clearly when the file is not JSON, empty, or not a catalogue', () => {
    const notJson = parseImportFile('question,answer\n1,2');
    expect(notJson.ok).toBe(false);
    expect(!notJson.ok && notJson.error.startsWith(`${NOT_JSON}: `)).toBe(true);
    expect(parseImportFile('  ')).toEqual({ ok: false, error: EMPTY_FILE });
    expect(parseImportFile('42')).toEqual({ ok: false, error: WRONG_SHAPE });
    expect(parseImportFile('null')).toEqual({ ok: false, error: WRONG_SHAPE });
  });
});

describe('filenameFromDisposition', () => {
  it('reads filename and filename*, and drops folders', () => {
    expect(filenameFromDisposition('attachment; filename="exemplar-2026.json"')).toBe(
      'exemplar-2026.json',
    );
    expect(filenameFromDisposition('attachment; filename=plain.json')).toBe('plain.json');
    expect(
      filenameFromDisposition(`attachment; filename="a.json"; filename*=UTF-8''caf%C3%A9.json`),
    ).toBe('café.json');
    expect(filenameFromDisposition('attachment; filename="../../etc/x.json"')).toBe('x.json');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
