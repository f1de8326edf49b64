// Why a pattern is refused. The kinds are the Rust regex crate's error kinds (regex-syntax's
// ast::ErrorKind and hir::ErrorKind, and the size limit of its compiler), because the service
// compiles auto moderation patterns with that crate: a pattern it refuses is refused here with
// the same reason, and a pattern this engine cannot run within its bounds is refused too.

export type RegexErrorKind =
  // Syntax (regex-syntax's parser).
  | 'ClassEscapeInvalid'
  | 'ClassRangeInvalid'
  | 'ClassRangeLiteral'
  | 'ClassUnclosed'
  | 'DecimalEmpty'
  | 'DecimalInvalid'
  | 'EscapeHexEmpty'
  | 'EscapeHexInvalid'
  | 'EscapeHexInvalidDigit'
  | 'EscapeUnexpectedEof'
  | 'EscapeUnrecognized'
  | 'FlagDanglingNegation'
  | 'FlagDuplicate'
  | 'FlagRepeatedNegation'
  | 'FlagUnexpectedEof'
  | 'FlagUnrecognized'
  | 'GroupNameDuplicate'
  | 'GroupNameEmpty'
  | 'GroupNameInvalid'
  | 'GroupNameUnexpectedEof'
  | 'GroupUnclosed'
  | 'GroupUnopened'
  | 'NestLimitExceeded'
  | 'RepetitionCountInvalid'
  | 'RepetitionCountDecimalEmpty'
  | 'RepetitionCountUnclosed'
  | 'RepetitionMissing'
  | 'SpecialWordBoundaryUnclosed'
  | 'SpecialWordBoundaryUnrecognized'
  | 'SpecialWordOrRepetitionUnexpectedEof'
  | 'UnicodeClassInvalid'
  | 'UnsupportedBackreference'
  | 'UnsupportedLookAround'
  // Meaning (regex-syntax's translator).
  | 'UnicodeNotAllowed'
  | 'InvalidUtf8'
  | 'UnicodePropertyNotFound'
  | 'UnicodePropertyValueNotFound'
  // Size (the compiler's limit; this engine's is its own, see RegexLimits).
  | 'CompiledTooBig';

const DESCRIPTIONS: Record<RegexErrorKind, string> = {
  ClassEscapeInvalid: 'invalid escape sequence in a character class',
  ClassRangeInvalid: 'invalid character class range: the start is greater than the end',
  ClassRangeLiteral: 'a character class range needs a literal at each end',
  ClassUnclosed: 'unclosed character class',
  DecimalEmpty: 'a decimal number was expected',
  DecimalInvalid: 'the decimal number does not fit in 32 bits',
  EscapeHexEmpty: 'empty hexadecimal literal',
  EscapeHexInvalid: 'the hexadecimal literal is not a Unicode scalar value',
  EscapeHexInvalidDigit: 'invalid hexadecimal digit',
  EscapeUnexpectedEof: 'incomplete escape sequence at the end of the pattern',
  EscapeUnrecognized: 'unrecognized escape sequence',
  FlagDanglingNegation: 'a flag negation must be followed by a flag',
  FlagDuplicate: 'duplicate flag',
  FlagRepeatedNegation: 'flag negation repeated',
  FlagUnexpectedEof: 'the pattern ends inside a group of flags',
  FlagUnrecognized: 'unrecognized flag',
  GroupNameDuplicate: 'duplicate capture group name',
  GroupNameEmpty: 'empty capture group name',
  GroupNameInvalid: 'invalid capture group name',
  GroupNameUnexpectedEof: 'unclosed capture group name',
  GroupUnclosed: 'unclosed group',
  GroupUnopened: 'unopened group',
  NestLimitExceeded: 'the pattern nests deeper than the limit',
  RepetitionCountInvalid: 'invalid repetition: the minimum is greater than the maximum',
  RepetitionCountDecimalEmpty: 'a repetition count was expected',
  RepetitionCountUnclosed: 'unclosed counted repetition',
  RepetitionMissing: 'a repetition operator has nothing to repeat',
  SpecialWordBoundaryUnclosed: 'unclosed special word boundary',
  SpecialWordBoundaryUnrecognized: 'unrecognized special word boundary',
  SpecialWordOrRepetitionUnexpectedEof: 'the pattern ends inside a word boundary or repetition',
  UnicodeClassInvalid: 'invalid Unicode class',
  UnsupportedBackreference: 'backreferences are not supported',
  UnsupportedLookAround: 'look-around, including look-ahead and look-behind, is not supported',
  UnicodeNotAllowed: 'Unicode classes are not allowed when Unicode mode is off',
  InvalidUtf8: 'the pattern could match invalid UTF-8 (Unicode mode is off)',
  UnicodePropertyNotFound: 'Unicode property not found',
  UnicodePropertyValueNotFound: 'Unicode property value not found',
  CompiledTooBig: 'the compiled pattern exceeds the size limit',
};

/** A pattern the engine refuses: `kind` says why, `offset` where (in code points of the pattern). */
export class RegexError extends Error {
  /** Why, in words, without the position: e.g. "unclosed group". */
  readonly reason: string;

  constructor(
    readonly kind: RegexErrorKind,
    readonly offset: number,
    detail?: string,
  ) {
    const reason = `${DESCRIPTIONS[kind]}${detail ? ` (${detail})` : ''}`;
    super(`regex error at ${offset}: ${reason}`);
    this.name = 'RegexError';
    this.reason = reason;
  }
}
