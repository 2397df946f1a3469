import type { ImportRequest } from '@exemplar/shared/catalogue-io';

export type ParsedImportFile =
  { ok: true; data: ImportRequest['data']; records: number | null } | { ok: false; error: string };

export const NOT_JSON = 'This file is not valid JSON';
export const WRONG_SHAPE =
  'This file holds JSON, but not a catalogue: expected an Exemplar catalogue export (an object) or an array of MATH records.';
export const EMPTY_FILE = 'This file is empty.';

/**
 * Reads a chosen file's text as an import: JSON holding a catalogue object or an array of MATH
 * records. The server checks the content; this only says clearly when the file is not JSON at all.
 */
export function parseImportFile(text: string): ParsedImportFile {
  const source = text.replace(/^\uFEFF/, '');
  if (!source.trim()) return { ok: false, error: EMPTY_FILE };
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `${NOT_JSON}: ${detail}` };
  }
  if (Array.isArray(data)) return { ok: true, data, records: data.length };
  if (data && typeof data === 'object') {
    const examples = (data as Record<string, unknown>)['examples'];
    return {
      ok: true,
      data: data as Record<string, unknown>,
      records: Array.isArray(examples) ? examples.length : null,
    };
  }
  return { ok: false, error: WRONG_SHAPE };
}

/** 'Exemplar catalogue' or 'MATH dataset'. */
export function formatLabel(format: string): string {
  if (format === 'exemplar-catalogue') return 'Exemplar catalogue';
  if (format === 'math-dataset') return 'MATH dataset';
  return format;
}

/** A file's text (FileReader where Blob.text is missing: older browsers, jsdom). */
export function readFileText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
