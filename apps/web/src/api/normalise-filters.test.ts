import { describe, expect, it } from 'vitest';
import { catalogue, subjects } from '../test/catalogue-fixtures';
import { normaliseSearchParams, resolveIdOrName } from './normalise-filters';

const params = (search: string) => new URLSearchParams(search);
const normalised = (search: string) => normaliseSearchParams(params(search), catalogue)?.toString();

describe('normalising the URL against the catalogue', () => {
  it('resolves a subject given by name, case-insensitively', () => {
    expect(normalised('subject=Algebra')).toBe('subject=1');
    expect(normalised('subject=%20geometry%20')).toBe('subject=2');
  });

  it('resolves difficulty and type names too', () => {
    expect(normalised('difficulty=HARD&type=proof')).toBe('difficulty=3&type=2');
  });

  it('drops unknown names and ids', () => {
    expect(normalised('subject=Astrology')).toBe('');
    expect(normalised('subject=99&difficulty=9')).toBe('');
    expect(normalised('category=999')).toBe('');
  });

  it('drops a category outside the chosen subject', () => {
    expect(normalised('subject=2&category=11')).toBe('subject=2');
    expect(normalised('subject=Geometry&category=30')).toBe('subject=2&category=30');
  });

  it('trims the search and drops an empty one', () => {
    expect(normalised('q=%20%20')).toBe('');
    expect(normalised('q=%20circle%20')).toBe('q=circle');
  });

  it('keeps liked, solved and withoutHelp for a signed-in user only, and only as true or false', () => {
    const signedIn = (search: string) =>
      normaliseSearchParams(params(search), catalogue, { signedIn: true })?.toString();
    expect(signedIn('liked=true&solved=false&withoutHelp=true')).toBeUndefined();
    expect(signedIn('liked=maybe&solved=false&withoutHelp=1')).toBe('solved=false');
    expect(normalised('subject=1&liked=true&solved=false&withoutHelp=true')).toBe('subject=1');
  });

  it('keeps the first of repeated keys', () => {
    expect(normalised('difficulty=1&difficulty=2')).toBe('difficulty=1');
  });

  it('returns null when the URL is already valid', () => {
    expect(
      normaliseSearchParams(params('subject=1&category=12&difficulty=2&q=x'), catalogue),
    ).toBeNull();
    expect(normaliseSearchParams(params(''), catalogue)).toBeNull();
  });

  it('matches by id first, then by name', () => {
    expect(resolveIdOrName('2', subjects)).toBe(2);
    expect(resolveIdOrName('ALGEBRA', subjects)).toBe(1);
    expect(resolveIdOrName('', subjects)).toBeNull();
  });
});
