/** Text the /latex textarea starts with: prose, inline and display maths, prices and a literal dollar. */
export const DEFAULT_SAMPLE = String.raw`Welcome to the LaTeX demo! Text between single dollar signs is inline maths, like $E = mc^2$ or $\sqrt{2} \approx 1.414$.

Double dollar signs give a centred block:
$$\int_0^1 x^2 \, dx = \frac{1}{3}$$
Line breaks are kept, prices like $5 and $10 stay plain text (so does \$5), and the roots of $ax^2 + bx + c = 0$ are
$$x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}.$$`;

/** Prices written with bare dollars: the dollar rule keeps them prose (shown in the syntax help). */
export const PRICE_SAMPLE = 'It costs $5 and $10 in total.';

/** Shown instead of the output when the textarea is empty. */
export const EMPTY_HINT = 'Type some text with $inline$ or $$display$$ maths to see it rendered.';

export interface SampleSnippet {
  id: string;
  title: string;
  /** A short formula shown on the button. */
  preview: string;
  /** The text loaded into the textarea. */
  text: string;
}

/** The six clickable samples of /latex. */
export const SAMPLE_SNIPPETS: readonly SampleSnippet[] = [
  {
    id: 'quadratic',
    title: 'Quadratic formula',
    preview: String.raw`x=\frac{-b\pm\sqrt{b^2-4ac}}{2a}`,
    text: String.raw`The solutions of $ax^2 + bx + c = 0$ with $a \neq 0$ are
$$x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}.$$
The discriminant $\Delta = b^2 - 4ac$ tells how many real roots there are.`,
  },
  {
    id: 'integral',
    title: 'Integral',
    preview: String.raw`\int_0^{\pi}\sin x\,dx = 2`,
    text: String.raw`By the fundamental theorem of calculus,
$$\int_0^{\pi} \sin x \, dx = \Big[-\cos x\Big]_0^{\pi} = 2.$$
The Gaussian integral is $\int_{-\infty}^{\infty} e^{-x^2} \, dx = \sqrt{\pi}$.`,
  },
  {
    id: 'matrix',
    title: 'Matrix',
    preview: String.raw`\begin{pmatrix}a&b\\c&d\end{pmatrix}`,
    text: String.raw`The determinant of a $2 \times 2$ matrix:
$$\det \begin{pmatrix} a & b \\ c & d \end{pmatrix} = ad - bc.$$
For example, $\begin{vmatrix} 2 & 1 \\ 4 & 3 \end{vmatrix} = 2$, so $\begin{pmatrix} 2 & 1 \\ 4 & 3 \end{pmatrix}$ is invertible.`,
  },
  {
    id: 'series',
    title: 'Sum & series',
    preview: String.raw`\sum_{k=1}^{\infty}\frac{1}{k^2}=\frac{\pi^2}{6}`,
    text: String.raw`The first $n$ positive integers add up to
$$\sum_{k=1}^{n} k = \frac{n(n+1)}{2},$$
and the Basel problem gives $\displaystyle\sum_{k=1}^{\infty} \frac{1}{k^2} = \frac{\pi^2}{6}$.`,
  },
  {
    id: 'limits',
    title: 'Limits',
    preview: String.raw`\lim_{x\to 0}\frac{\sin x}{x}=1`,
    text: String.raw`A classic limit:
$$\lim_{x \to 0} \frac{\sin x}{x} = 1,$$
and Euler's number is $e = \lim_{n \to \infty} \left(1 + \frac{1}{n}\right)^n \approx 2.718$.`,
  },
  {
    id: 'aligned',
    title: 'Aligned equations',
    preview: String.raw`\begin{aligned}2x+3&=11\\x&=4\end{aligned}`,
    text: String.raw`Solve $2x + 3 = 11$ step by step:
\begin{align*}
2x + 3 &= 11 \\
2x &= 8 \\
x &= 4
\end{align*}
so the answer is $x = \boxed{4}$.`,
  },
];
