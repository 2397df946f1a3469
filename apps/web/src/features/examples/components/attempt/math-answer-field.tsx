// The maths editor of the answer panel: MathLive's <math-field>. This module is loaded only in the
// browser, when a learner opens the panel (React.lazy in answer-panel.tsx): MathLive stays out of
// the first load and never runs during server rendering.
import 'katex/dist/katex.min.css';
import { MathfieldElement } from 'mathlive';
import { useEffect, useRef } from 'react';
import classes from './attempt.module.css';

// MathLive typesets with the KaTeX fonts. KaTeX's stylesheet (imported above, and already on every
// page that shows maths) declares them from this site's own build, so MathLive finds them in
// document.fonts and fetches none; with no fonts directory it would never ask a CDN either.
// No sounds: nothing to fetch, and a maths field that clicks is more surprise than help.
MathfieldElement.fontsDirectory = null;
MathfieldElement.soundsDirectory = null;
MathfieldElement.keypressSound = null;
MathfieldElement.plonkSound = null;

export interface MathAnswerFieldProps {
  /** Id of the element that names the field (its visible label). */
  labelledBy: string;
  /** Id of the message that describes the field (the reason an answer could not be read). */
  describedBy?: string;
  invalid: boolean;
  /** The LaTeX typed so far, on every change. */
  onValueChange: (latex: string) => void;
  /** Enter (or the virtual keyboard's return key) in the field. */
  onSubmit: () => void;
}

/**
 * Two typing traps of MathLive, undone as the keys are typed (listened to on the field before
 * MathLive, in the capture phase, so the caret has moved when MathLive inserts the key):
 * - After `^` and a digit MathLive leaves the superscript by itself (`e^2x` is e²x, not e^(2x)),
 *   so `x^10` would be x¹0: a digit (or a decimal point) right after such a one-digit superscript
 *   goes back into it (x¹⁰, x^1.5), and the next key that is not one leaves it again.
 * - After `/` and a number, `+`, `-` or `=` leaves the fraction: `(x+1)/2+C` is (x+1)/2 + C,
 *   where MathLive alone would go on in the denominator, (x+1)/(2+C). A denominator of more than
 *   a number is typed in brackets: `1/(2+x)`.
 * The virtual keyboard (touch devices) sends no key events: there MathLive's own rules apply.
 */
export function typingRules(field: MathfieldElement): (event: KeyboardEvent) => void {
  /** The last keys typed: `^` then one digit (MathLive has left the superscript). */
  let leftDigitExponent = false;
  /** Typing digits in a superscript we went back into. */
  let inExponent = false;
  let afterSlash = false;
  let inDenominator = false;
  let caret = false;
  return (event) => {
    const { key } = event;
    if (key === 'Shift') return;
    const plain = key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    // A decimal point goes on with a number too (x^1.5).
    const digit = plain && /^[0-9.]$/.test(key);
    if (digit && leftDigitExponent) field.executeCommand('moveToPreviousChar');
    else if (plain && !digit && inExponent) field.executeCommand('moveAfterParent');
    if (plain && inDenominator && (key === '+' || key === '-' || key === '=')) {
      field.executeCommand('moveAfterParent');
    }
    inExponent = digit && (leftDigitExponent || inExponent);
    leftDigitExponent = digit && key !== '.' && caret;
    caret = plain && key === '^';
    inDenominator = digit && (afterSlash || inDenominator);
    afterSlash = plain && key === '/';
  };
}

/**
 * A <math-field> made when mounted and focused at once; typing, the arrow keys, Tab and the
 * virtual keyboard (shown on touch devices when focused, with the field kept above it) work as
 * MathLive defines them, but for two typing traps undone (typingRules); Enter submits.
 */
export default function MathAnswerField({
  labelledBy,
  describedBy,
  invalid,
  onValueChange,
  onSubmit,
}: MathAnswerFieldProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<MathfieldElement | null>(null);
  const handlers = useRef({ onValueChange, onSubmit });
  useEffect(() => {
    handlers.current = { onValueChange, onSubmit };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const field = new MathfieldElement();
    field.className = classes.mathField!;
    field.setAttribute('aria-labelledby', labelledBy);
    field.mathVirtualKeyboardPolicy = 'auto';
    field.setAttribute('data-testid', 'answer-field');
    const onInput = (event: Event) => {
      // Enter runs MathLive's 'commit', which reports itself as a line break.
      if ((event as InputEvent).inputType === 'insertLineBreak') handlers.current.onSubmit();
      else handlers.current.onValueChange(field.value);
    };
    field.addEventListener('input', onInput);
    const onKeyDown = typingRules(field);
    field.addEventListener('keydown', onKeyDown, { capture: true });
    host.append(field);
    fieldRef.current = field;
    field.focus();
    // MathLive's virtual keyboard (touch devices) covers the bottom of the window: room is made
    // below the page for it, and the field is scrolled up above it.
    const keyboard = window.mathVirtualKeyboard;
    const onGeometry = () => {
      const height = keyboard.visible ? keyboard.boundingRect.height : 0;
      document.body.style.paddingBottom = height ? `${height}px` : '';
      if (!height || !field.hasFocus()) return;
      const overlap = field.getBoundingClientRect().bottom - (window.innerHeight - height) + 12;
      if (overlap > 0) window.scrollBy({ top: overlap });
    };
    keyboard.addEventListener('geometrychange', onGeometry);
    return () => {
      keyboard.removeEventListener('geometrychange', onGeometry);
      document.body.style.paddingBottom = '';
      field.removeEventListener('input', onInput);
      field.removeEventListener('keydown', onKeyDown, { capture: true });
      field.remove();
      fieldRef.current = null;
    };
  }, [labelledBy]);

  useEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    if (describedBy) field.setAttribute('aria-describedby', describedBy);
    else field.removeAttribute('aria-describedby');
    field.setAttribute('aria-invalid', String(invalid));
  }, [describedBy, invalid]);

  return <div ref={hostRef} className={classes.fieldHost} />;
}
