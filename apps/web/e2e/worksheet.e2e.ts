import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { eventually, expectNoSidewaysScroll, useBrowserTests } from './browser-tests';
import { resultsDir } from './harness';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

/**
 * Text with every space (zero-width ones too) removed, compatibility forms folded and in lower
 * case (labels are upper-cased by CSS): how a PDF's text is compared.
 */
const squash = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\s\u200b-\u200d\u2060\ufeff]+/g, '')
    .toLowerCase();

interface SheetText {
  /** Each question's prose (its maths left out), as on screen. */
  questions: string[];
  /** Each question as typeset: its prose and the visible text of its maths. */
  typesetQuestions: string[];
  /** Each answer (with its procedure when shown) as typeset, and its prose alone. */
  answers: string[];
  answerProse: string[];
}

/** What the sheet on screen says, question by question and answer by answer. */
async function sheetText(page: Page): Promise<SheetText> {
  return page.evaluate(() => {
    const prose = (el: Element) => {
      const copy = el.cloneNode(true) as Element;
      copy.querySelectorAll('.katex, [aria-hidden="true"]').forEach((k) => k.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    const typeset = (el: Element) => {
      const copy = el.cloneNode(true) as Element;
      copy
        .querySelectorAll('.katex-mathml, [aria-hidden="true"]:not(.katex-html)')
        .forEach((k) => k.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    return {
      questions: [...document.querySelectorAll('[data-testid="worksheet-question"]')].map(prose),
      typesetQuestions: [...document.querySelectorAll('[data-testid="worksheet-question"]')].map(
        typeset,
      ),
      answers: [...document.querySelectorAll('[data-testid="worksheet-answer"]')].map(typeset),
      answerProse: [...document.querySelectorAll('[data-testid="worksheet-answer"]')].map(prose),
    };
  });
}

/** The text of each page of a PDF, read with pdf.js. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

/** Page `n` (from 1) of a PDF drawn at 1.5× into a PNG file. */
async function pdfPageToPng(pdf: Buffer, n: number, file: string) {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  await writeFile(file, canvas.toBuffer('image/png'));
  await doc.destroy();
}

/** Words of four letters or more: what a question's prose must show in the PDF. */
const words = (text: string) => text.match(/\p{L}{4,}/gu) ?? [];

/** How often each character (spaces aside) occurs in `texts`. */
function characterCounts(texts: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const char of squash(texts.join(''))) counts.set(char, (counts.get(char) ?? 0) + 1);
  return counts;
}

/**
 * The characters of `expected` that `text` lacks (with multiplicity). A PDF's text comes in the
 * order it is drawn, so typeset maths (a superscript after its line, a fraction's parts) is not in
 * reading order; every character of it is there all the same.
 */
function missingCharacters(text: string[], expected: string[]): string {
  const have = characterCounts(text);
  const missing: string[] = [];
  for (const [char, n] of characterCounts(expected)) {
    if ((have.get(char) ?? 0) < n) missing.push(`${char}×${n - (have.get(char) ?? 0)}`);
  }
  return missing.join(' ');
}

/**
 * The printed sheet against the screen's: every question's words on a page before the key, the
 * key starting on a page of its own with every answer from there on, no page without text, and
 * none of the app's navigation anywhere.
 */
function expectPrintedSheet(pages: string[], sheet: SheetText, { key }: { key: string }) {
  const keyPage = pages.findIndex((text) => text.includes('Answer key'));
  expect(keyPage, `${key}: the key is printed`).toBeGreaterThan(0);
  expect(
    pages.every((text) => squash(text).length > 0),
    `${key}: no blank page`,
  ).toBe(true);
  const questionPages = pages.slice(0, keyPage);
  const keyPages = pages.slice(keyPage);
  const questionText = questionPages.map(squash).join('');
  for (const [i, question] of sheet.questions.entries()) {
    for (const word of words(question)) {
      expect(questionText, `${key}: question ${i + 1}: ${word}`).toContain(squash(word));
    }
  }
  expect(missingCharacters(questionPages, sheet.typesetQuestions), `${key}: questions`).toBe('');
  // Numbered answers, each with its words and all of their maths.
  const keyText = keyPages.map(squash).join('');
  for (const [i, answer] of sheet.answerProse.entries()) {
    expect(keyText, `${key}: answer ${i + 1}`).toContain(`${i + 1}.`);
    for (const word of words(answer)) {
      expect(keyText, `${key}: answer ${i + 1}: ${word}`).toContain(squash(word));
    }
  }
  expect(missingCharacters(keyPages, sheet.answers), `${key}: answers`).toBe('');
  // The key's first page starts afresh: nothing of the questions' pages is on it.
  const firstKeyPage = squash(pages[keyPage]!);
  expect(firstKeyPage.startsWith(squash('Answer key')), key).toBe(true);
  expect(pages[keyPage], key).not.toMatch(/\bName\b/);
  for (const question of sheet.questions) {
    const prose = squash(words(question).join(''));
    if (prose) expect(firstKeyPage, key).not.toContain(prose);
  }
  for (const text of pages) {
    for (const nav of ['Login', 'Register', 'LaTeX demo', 'Exemplar', 'New order', 'Print']) {
      expect(text, `${key}: ${nav} printed`).not.toContain(nav);
    }
  }
}

describe('worksheets: from the list to paper', () => {
  const e2e = useBrowserTests({
    env: { LOG_LEVEL: 'warn' },
    // The superadmin confirms the accounts the reviews test makes.
    superadmin: { email: 'root.worksheet@example.com', password: 'Worksheet-Root-Secret-5' },
    failureShots: 'worksheet',
  });
  const { url } = e2e;

  const shot = async (page: Page, name: string) => {
    const file = path.join(resultsDir, `worksheet-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
  };
  const questions = (page: Page) => page.getByTestId('worksheet-question');

  /** /examples filtered to Algebra, then 'Print worksheet': the sheet drawn from that list. */
  async function worksheetFromList(page: Page, { byUrl = false }: { byUrl?: boolean } = {}) {
    if (byUrl) {
      // The list's own reading of a name (the phone's filters sit behind a toggle).
      await page.goto(url('/examples?subject=Algebra'));
    } else {
      await page.goto(url('/examples'));
      await page.getByRole('combobox', { name: 'Subject' }).click();
      await page.getByRole('option', { name: 'Algebra', exact: true }).click();
    }
    await eventually(() => new URL(page.url()).search).toMatch(/^\?subject=\d+$/);
    const subject = new URL(page.url()).searchParams.get('subject');
    await page.getByRole('link', { name: 'Print worksheet' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/worksheet');
    await eventually(() => new URL(page.url()).searchParams.get('seed')).toMatch(
      /^[A-Za-z0-9]{10}$/,
    );
    await eventually(() => questions(page).count()).toBe(10);
    await page.locator('[data-testid="worksheet"] .katex').first().waitFor();
    return { subject: subject! };
  }

  it('carries the filters and a seed into the URL, and a reload draws the same questions in the same order', async () => {
    const page = await e2e.open({ viewport: DESKTOP });
    const { subject } = await worksheetFromList(page);
    const search = new URL(page.url()).searchParams;
    expect(search.get('subject')).toBe(subject);
    await page.getByRole('heading', { level: 1, name: 'Algebra — 10 questions' }).waitFor();
    const before = await questions(page).allTextContents();

    await page.reload();
    await eventually(() => questions(page).count()).toBe(10);
    expect(await questions(page).allTextContents()).toEqual(before);
    expect(new URL(page.url()).searchParams.toString()).toBe(search.toString());

    // A new order is another sheet of the same list.
    await page.getByRole('button', { name: 'New order' }).click();
    await eventually(() => new URL(page.url()).searchParams.get('seed')).not.toBe(
      search.get('seed'),
    );
    await eventually(async () => (await questions(page).allTextContents()).join()).not.toBe(
      before.join(),
    );
    await page.goBack();
    await eventually(async () => (await questions(page).allTextContents()).join()).toBe(
      before.join(),
    );
  });

  it('prints on A4 with the questions first and the key on a page of its own, without the app around it', async () => {
    const page = await e2e.open({ viewport: DESKTOP });
    await worksheetFromList(page);
    const sheet = await sheetText(page);
    expect(sheet.questions).toHaveLength(10);

    // KaTeX's fonts are in before anything is printed.
    expect(
      await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some((f) => f.family === 'KaTeX_Main' && f.status === 'loaded');
      }),
    ).toBe(true);

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Worksheet settings' }).isVisible()).toBe(false);
    await shot(page, 'print-preview-light');

    const pdf = await page.pdf({ format: 'A4' });
    await writeFile(path.join(resultsDir, 'worksheet-a4.pdf'), pdf);
    const pages = await pdfPages(pdf);
    // Ten questions with room to work fill more than one A4 page.
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expectPrintedSheet(pages, sheet, { key: 'A4' });
    const keyPage = pages.findIndex((text) => text.includes('Answer key'));
    await pdfPageToPng(pdf, 1, path.join(resultsDir, 'worksheet-a4-page-1.png'));
    await pdfPageToPng(pdf, keyPage + 1, path.join(resultsDir, 'worksheet-a4-key.png'));
  });

  it('prints no blank page for sheets that end near the foot of a page (seeds that once did)', async () => {
    // With the procedures in the key, these Algebra sheets ended a few pixels above the foot of
    // their last page, and the page's padding below the sheet printed one more, blank, page.
    const page = await e2e.open({ viewport: DESKTOP });
    const { subject } = await worksheetFromList(page);
    const blank: string[] = [];
    for (const [seed, format] of [
      ['seed000001', 'Letter'],
      ['seed000021', 'Letter'],
      ['seed000031', 'A4'],
      ['seed000042', 'Letter'],
    ] as const) {
      await page.emulateMedia({ media: 'screen' });
      await page.goto(url(`/worksheet?subject=${subject}&seed=${seed}&procedures=1`));
      await page.locator('[data-testid="worksheet"] .katex').first().waitFor();
      await page.emulateMedia({ media: 'print' });
      const pages = await pdfPages(await page.pdf({ format }));
      pages.forEach((text, n) => {
        if (squash(text).length === 0)
          blank.push(`${seed} ${format}: page ${n + 1} of ${pages.length}`);
      });
    }
    expect(blank).toEqual([]);
  });

  it('prints on Letter too, with the procedures in the key when chosen', async () => {
    const page = await e2e.open({ viewport: DESKTOP });
    await worksheetFromList(page);
    await page.getByRole('switch', { name: 'Procedures in the key' }).focus();
    await page.keyboard.press('Space');
    await eventually(() => new URL(page.url()).searchParams.get('procedures')).toBe('1');
    await eventually(() => page.getByText('Procedure', { exact: true }).count()).toBeGreaterThan(0);
    const sheet = await sheetText(page);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'Letter' });
    const pages = await pdfPages(pdf);
    expectPrintedSheet(pages, sheet, { key: 'Letter' });
    const keyPage = pages.findIndex((text) => text.includes('Answer key'));
    expect(pages.slice(keyPage).join(' ')).toContain('PROCEDURE');
    expect(pages.slice(0, keyPage).join(' ')).not.toContain('PROCEDURE');
    await pdfPageToPng(pdf, keyPage + 1, path.join(resultsDir, 'worksheet-letter-key.png'));
  });

  it('prints black on white from dark mode', async () => {
    const page = await e2e.open({ viewport: DESKTOP, colorScheme: 'dark' });
    await worksheetFromList(page);
    await page.emulateMedia({ media: 'print' });
    const colours = await page.evaluate(() => {
      const sheet = document.querySelector('[data-testid="worksheet"]')!;
      const katex = sheet.querySelector('.katex')!;
      return {
        body: getComputedStyle(document.body).backgroundColor,
        sheet: getComputedStyle(sheet).backgroundColor,
        title: getComputedStyle(sheet.querySelector('h1')!).color,
        maths: getComputedStyle(katex).color,
      };
    });
    expect(colours).toEqual({
      body: 'rgb(255, 255, 255)',
      sheet: 'rgb(255, 255, 255)',
      title: 'rgb(0, 0, 0)',
      maths: 'rgb(0, 0, 0)',
    });
    await shot(page, 'print-preview-dark');
  });

  it("prints a learner's reviews due now, in due order, and sends a visitor to sign in", async () => {
    const learner = await e2e.account('basic', { tag: 'reviewer', name: 'Rita' });
    const token = learner.tokens.idToken;
    const { examples } = await e2e.api<{ examples: { id: number; question: string }[] }>(
      'GET',
      '/examples?limit=3',
    );
    for (const example of examples) {
      await e2e.api('PUT', `/reviews/${example.id}`, undefined, token);
    }
    const due = await e2e.api<{ examples: { example: { id: number; question: string } }[] }>(
      'GET',
      '/reviews/due?limit=5',
      undefined,
      token,
    );
    expect(due.examples).toHaveLength(3);

    const page = await e2e.open({ viewport: DESKTOP, as: learner });
    await page.goto(url('/worksheet?source=reviews&count=5'));
    await eventually(() => questions(page).count()).toBe(3);
    await page.getByRole('heading', { level: 1, name: "Today's reviews — 3 questions" }).waitFor();
    expect(await page.getByRole('button', { name: 'New order' }).count()).toBe(0);
    // In due order: the sheet's questions are the queue's, one by one.
    const sheet = await sheetText(page);
    const dueProse = await page.evaluate(
      (texts) =>
        texts.map((text) => {
          const box = document.createElement('div');
          box.textContent = text.replace(/\$[^$]*\$/g, ' ');
          return (box.textContent ?? '').replace(/\s+/g, ' ').trim();
        }),
      due.examples.map((item) => item.example.question),
    );
    for (const [i, prose] of dueProse.entries()) {
      for (const word of words(prose))
        expect(sheet.questions[i], `question ${i + 1}`).toContain(word);
    }
    await page.emulateMedia({ media: 'print' });
    expectPrintedSheet(await pdfPages(await page.pdf({ format: 'A4' })), sheet, { key: 'reviews' });

    const visitor = await e2e.open({ viewport: DESKTOP });
    await visitor.goto(url('/worksheet?source=reviews'));
    await eventually(() => new URL(visitor.url()).pathname).toBe('/login');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows the settings and the sheet cleanly on desktop and phone, with no axe findings (${colorScheme})`, async () => {
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await e2e.open({ viewport, colorScheme });
        await worksheetFromList(page, { byUrl: size === 'phone' });
        await expectNoSidewaysScroll(page, `${size} ${colorScheme}`);
        const found = await axeFindings(page, `/worksheet (${size}, ${colorScheme})`);
        expect(found, found.join('\n')).toEqual([]);
        await shot(page, `${size}-${colorScheme}`);
      }
    });
  }
});
