/**
 * Sentences with prices written with bare dollar signs, as people type them into a maths text:
 * several prices in one sentence, ranges, thousands separators, decimals, prices at the start and
 * end of a line, before punctuation, next to real `$…$` maths in word problems. Each lists the
 * inline maths it holds (`maths`, in order); every other `$` is a dollar sign and must stay prose.
 * The dollar rule (split-math.ts, decision 039) is measured on it by `price-corpus.test.ts`.
 */
export interface PriceSentence {
  text: string;
  /** The inline maths the sentence holds, in order (empty: prose only). */
  maths: string[];
}

const prose = (text: string): PriceSentence => ({ text, maths: [] });
const withMaths = (text: string, ...maths: string[]): PriceSentence => ({ text, maths });

export const PRICE_CORPUS: readonly PriceSentence[] = [
  // Prose only: two or more prices in a sentence.
  prose('It costs $5 and $10 in total.'),
  prose('The cheaper model is $20,000 and the better one $30,000.'),
  prose('$20,000 and $30,000 are the two offers on the table.'),
  prose('Tickets at $12, parking $5, and a programme for $3.'),
  prose('Apples sell for between $3 and $4 each at the market.'),
  prose('A coffee is $2.50, a muffin $3.25 and a juice $4.'),
  prose('Rent went up from $1,200 to $1,350 a month.'),
  prose('He paid $5 for the pen, $12 for the book and $7.99 for the folder.'),
  prose('The fee is $15 for adults, $8 for children and $0 for babies.'),
  prose('Shirts cost $5-$10 depending on the size.'),
  prose('Expect to pay $5–$10 for lunch near the station.'),
  prose('Budget: $100 for food, $50 for fuel, $25 for snacks.'),
  prose('The price dropped from $45.00 to $39.99 last week.'),
  prose('She earns $18 an hour and $27 an hour on Sundays.'),
  prose('The car cost $23,499.99, and the warranty another $1,500.'),
  prose('Prices range from $1 to $1,000,000 at this auction.'),
  prose('Members pay $40; guests pay $55.'),
  prose('A ticket is $9 (or $7 with a student card).'),
  prose('Was it $5 or $6? I forget.'),
  prose('Costs: $3 per kilo, $5 per two kilos, $12 per five.'),
  prose('He lent her $50, and she paid him back $60 a month later.'),
  prose('The first prize is $500, the second $250, the third $100.'),
  prose('Choose a plan: $9/month or $99/year.'),
  prose('Each ride costs $2; a day pass costs $8; a week pass costs $30.'),
  prose('The bill came to $84.60, so each of us paid $21.15.'),
  prose('Lunch was $12 and dinner was $30, so the day cost $42.'),
  prose('Admission is $5 each, or $15 for a family of four.'),
  prose('They raised $3,400 in May and $4,100 in June.'),
  prose('A basic phone is $199 while the newest one is $1,099.'),
  prose('Pay $5 now and $5 on delivery.'),
  prose('US$5 and US$10 notes were both accepted.'),
  prose('The hotel charges $120 a night, plus $15 for breakfast.'),
  prose('Between $3 and $4 each, depending on the season.'),
  prose('Pencils: $1. Erasers: $2. Rulers: $3.'),
  prose('"It was $30," she said, "not $40."'),
  prose('The range is $5 to $10, or $8 on average.'),
  // A price at the start or end of a line, or on its own.
  prose('$5 is all it costs.'),
  prose('$12.50 for the pair, $7 for one.'),
  prose('The total is $42'),
  prose('It costs $5.'),
  prose('Items on sale:\n$5 socks\n$12 hats\n$20 scarves'),
  prose('Monday: $40\nTuesday: $35\nWednesday: $50'),
  prose('Sold for $75!'),
  prose('Was the price really $19.99?'),
  prose('Fares ($2 or $3) are paid on board.'),
  prose('Pay 5 $ at the door.'),
  prose('We spent $1,250 on the trip; $800 of it on flights.'),
  // Prices next to real maths in word problems.
  withMaths('A pen costs $5 for $x$ pens in the pack.', 'x'),
  withMaths('It costs $5 for $x$ kg of rice.', 'x'),
  withMaths('A shirt costs $15 and a hat costs $h$ dollars.', 'h'),
  withMaths('If $x$ shirts cost $15 each, what is $3x$?', 'x', '3x'),
  withMaths(
    'Tickets cost $12 for adults and $8 for children; if $a$ adults come, find $12a$.',
    'a',
    '12a',
  ),
  withMaths('It costs $5 and $10 in total, so $x = 15$.', 'x = 15'),
  withMaths('A book costs $8 and $n$ books cost $8n$ dollars.', 'n', '8n'),
  withMaths('Sam has $20 and spends $x$ dollars, so he has $20 - x$ left.', 'x', '20 - x'),
  withMaths('Pens are $2 each; let $p$ be the number of pens bought.', 'p'),
  withMaths(
    'The fare is $3 plus $0.50 per mile, so $m$ miles cost $3 + 0.5m$ dollars.',
    'm',
    '3 + 0.5m',
  ),
  withMaths('A meal costs $14, and a tip of $15\\%$ is added.', '15\\%'),
  withMaths('Between $3 and $4 each: find $\\frac{7}{2}$, the mean price.', '\\frac{7}{2}'),
  withMaths(
    'Let $c$ be the cost in dollars; the shop charges $5 per item and $c = 5k$.',
    'c',
    'c = 5k',
  ),
  withMaths('A loan of $1,000 grows by $r\\%$ a year.', 'r\\%'),
  withMaths('Bo paid $36 for $4$ tickets, so each ticket was $9.', '4'),
  withMaths('Costs $5-$10; the mean is $\\bar{x}$.', '\\bar{x}'),
  withMaths('Raise $x$ by $5, then $y$ by $10.', 'x', 'y'),
  withMaths('With $200 and $x^2$ as the rate, the total is $200x^2$.', 'x^2', '200x^2'),
  withMaths('An apple costs $1.20, so $k$ apples cost $1.2k$ dollars.', 'k', '1.2k'),
  withMaths('If $a + b = 10$ and a toy costs $7, how much is left?', 'a + b = 10'),
  withMaths('The price is $5 more than $p$, the old price.', 'p'),
  withMaths('At $6 per hour, $t$ hours earn $6t$ dollars.', 't', '6t'),
  withMaths('He spent $50 on $n$ games, with $n \\ge 2$.', 'n', 'n \\ge 2'),
  withMaths('Save $20,000 in $y$ years at $\\$2{,}000$ a year.', 'y', '\\$2{,}000'),
  withMaths('Pay $40 (25\\% off) for $n$ items.', 'n'),
  withMaths(
    'Line breaks are kept, prices like $5 and $10 stay plain text (so does \\$5), and the roots of $ax^2 + bx + c = 0$ are',
    'ax^2 + bx + c = 0',
  ),
];
