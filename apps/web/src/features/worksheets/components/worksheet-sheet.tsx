import type { Example } from '@exemplar/shared/catalogue';
import type { CSSProperties } from 'react';
import { MathText } from '../../../components/math/math-text';
import classes from './worksheet.module.css';

/**
 * Room to work under a question, in centimetres: 4 cm without a procedure; with one, more the
 * longer it is (its length stands in for the working it needs), from 3 to 6.5 cm, in half
 * centimetres. Two to four questions then share an A4 or Letter page.
 */
export function workSpaceCm(example: Pick<Example, 'procedure'>): number {
  const procedure = example.procedure?.trim();
  if (!procedure) return 4;
  const cm = 2 + procedure.length / 200;
  return Math.min(6.5, Math.max(3, Math.round(cm * 2) / 2));
}

interface WorksheetSheetProps {
  title: string;
  examples: readonly Example[];
  /** Procedures under the answers in the key. */
  procedures: boolean;
}

/**
 * The printable sheet: the title, a line for name and date, the numbered questions each with room
 * to work, then the answer key on a page of its own (numbered answers, and the procedures when
 * chosen). Each question and each answer stays on one page when printed.
 */
export function WorksheetSheet({ title, examples, procedures }: WorksheetSheetProps) {
  return (
    <article className={classes.sheet} aria-labelledby="worksheet-title" data-testid="worksheet">
      <h1 id="worksheet-title" className={classes.sheetTitle}>
        {title}
      </h1>
      <p className={classes.nameLine}>
        <span className={classes.blank}>Name</span>
        <span className={classes.blank} style={{ '--blank-width': '8em' } as CSSProperties}>
          Date
        </span>
      </p>
      <ol className={classes.list} aria-label="Questions">
        {examples.map((example, i) => (
          <li
            key={example.id}
            className={classes.question}
            data-testid="worksheet-question"
            style={{ '--work-space': `${workSpaceCm(example)}cm` } as CSSProperties}
          >
            <span className={classes.number} aria-hidden>
              {i + 1}.
            </span>
            <MathText text={example.question} errorLabel="(LaTeX Error)" />
            <div className={classes.workSpace} aria-hidden />
          </li>
        ))}
      </ol>
      <section className={classes.key} aria-labelledby="worksheet-key">
        <h2 id="worksheet-key" className={classes.keyTitle}>
          Answer key
        </h2>
        <ol className={classes.list} aria-label="Answers">
          {examples.map((example, i) => (
            <li key={example.id} className={classes.keyItem} data-testid="worksheet-answer">
              <span className={classes.number} aria-hidden>
                {i + 1}.
              </span>
              <div>
                <MathText text={example.answer} errorLabel="(LaTeX Error)" />
                {procedures && example.procedure ? (
                  <>
                    <div className={classes.procedureLabel}>Procedure</div>
                    <MathText text={example.procedure} errorLabel="(LaTeX Error)" />
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
