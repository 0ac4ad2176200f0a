// Number texts as JSON writes them, far beyond what a JavaScript number holds: long digit
// strings (64-bit ids and larger), exponents that overflow or underflow, long fractions, `-0`,
// `1.0`, `1E2`. For properties of hook settings, whose numbers must go back as written.
import fc from 'fast-check';

export const jsonNumberText: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', '-'),
    fc.oneof(
      fc.constant('0'),
      fc
        .tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^[0-9]{0,30}$/))
        .map(([first, rest]) => `${first}${rest}`),
    ),
    fc.option(fc.stringMatching(/^[0-9]{1,25}$/), { nil: undefined }),
    fc.option(
      fc
        .tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.stringMatching(/^[0-9]{1,4}$/))
        .map((parts) => parts.join('')),
      { nil: undefined },
    ),
  )
  .map(
    ([sign, whole, fraction, exponent]) =>
      `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent ?? ''}`,
  );
