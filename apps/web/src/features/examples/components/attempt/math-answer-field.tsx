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
 * A <math-field> made when mounted and focused at once; typing, the arrow keys, Tab and the
 * virtual keyboard (shown on touch devices when focused, with the field kept above it) work as
 * MathLive defines them; Enter submits.
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
