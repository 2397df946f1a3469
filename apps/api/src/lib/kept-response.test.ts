import { describe, expect, it } from 'vitest';
import { isNotModified, keptResponse } from './kept-response';

const asked = (headers: Record<string, string>) => ({ headers }) as never;

describe('kept responses', () => {
  const at = new Date('2026-11-26T10:00:00.400Z');

  it('carry a strong ETag of the body and a Last-Modified in whole seconds', () => {
    const kept = keptResponse(Buffer.from('<p>one</p>'), 'text/html', { madeAt: at });
    expect(kept.etag).toMatch(/^"[\w-]{22}"$/);
    expect(kept.lastModified).toBe('Thu, 26 Nov 2026 10:00:00 GMT');
    expect(keptResponse(Buffer.from('<p>one</p>'), 'text/html').etag).toBe(kept.etag);
    expect(keptResponse(Buffer.from('<p>two</p>'), 'text/html').etag).not.toBe(kept.etag);
  });

  it('a new body made in the same second as the one it replaces is a second later, so If-Modified-Since with the old one is not 304', () => {
    const old = keptResponse(Buffer.from('<p>old</p>'), 'text/html', { madeAt: at });
    const later = new Date(at.getTime() + 300);
    const edited = keptResponse(Buffer.from('<p>new</p>'), 'text/html', {
      previous: old,
      madeAt: later,
    });
    expect(edited.lastModified).toBe('Thu, 26 Nov 2026 10:00:01 GMT');
    expect(isNotModified(asked({ 'if-modified-since': old.lastModified }), edited)).toBe(false);
    expect(isNotModified(asked({ 'if-modified-since': edited.lastModified }), edited)).toBe(true);
    // The same body again keeps its own time.
    const same = keptResponse(Buffer.from('<p>old</p>'), 'text/html', {
      previous: old,
      madeAt: later,
    });
    expect(same.lastModified).toBe(old.lastModified);
  });

  it('the same bytes made again later (a catalogue write that did not change them) are what was kept: same validators, same compressed forms', () => {
    const old = keptResponse(Buffer.from('<p>old</p>'), 'text/html', { madeAt: at });
    old.encoded.br = Buffer.from('compressed once');
    const anHourOn = new Date(at.getTime() + 3_600_000);
    const again = keptResponse(Buffer.from('<p>old</p>'), 'text/html', {
      previous: old,
      madeAt: anHourOn,
    });
    expect(again).toBe(old);
    expect(isNotModified(asked({ 'if-modified-since': old.lastModified }), again)).toBe(true);
    // Another type is another answer.
    expect(
      keptResponse(Buffer.from('<p>old</p>'), 'text/plain', { previous: old, madeAt: anHourOn })
        .lastModified,
    ).toBe('Thu, 26 Nov 2026 11:00:00 GMT');
  });

  it('If-None-Match decides before If-Modified-Since, weak tags and * included', () => {
    const kept = keptResponse(Buffer.from('x'), 'text/plain', { madeAt: at });
    const since = { 'if-modified-since': 'Fri, 27 Nov 2026 00:00:00 GMT' };
    expect(isNotModified(asked({ 'if-none-match': kept.etag }), kept)).toBe(true);
    expect(isNotModified(asked({ 'if-none-match': `"other", W/${kept.etag}` }), kept)).toBe(true);
    expect(isNotModified(asked({ 'if-none-match': '*' }), kept)).toBe(true);
    expect(isNotModified(asked({ 'if-none-match': '"other"', ...since }), kept)).toBe(false);
    expect(isNotModified(asked(since), kept)).toBe(true);
    expect(isNotModified(asked({ 'if-modified-since': 'not a date' }), kept)).toBe(false);
    expect(isNotModified(asked({}), kept)).toBe(false);
  });
});
