// `\pL`, `\p{Greek}`, `\p{sc=Greek}`: a property name as the Rust regex crate reads it, resolved
// to the set Node's Unicode tables give (unicode_sets.ts). Rust matches names loosely — case,
// spaces, `_` and `-` do not matter, and an `is` prefix is dropped — and looks a bare name up as a
// binary property first, then as a general category, then as a script (regex-syntax's
// ClassQuery::canonical_binary). JavaScript wants the exact spelling, so the spellings are listed
// here for binary properties and general categories; a script is found by its 4-letter code or by
// its words capitalized (`old italic` is `Old_Italic`), which is every script's long name.
import type { UnicodeClassQuery } from './ast';
import { CodePointSet } from './code_point_set';
import { jsClassSet } from './unicode_sets';

/** The binary properties JavaScript's RegExp knows (ECMA-262's table of binary Unicode properties). */
const BINARY_PROPERTIES = [
  'ASCII', 'ASCII_Hex_Digit', 'Alphabetic', 'Any', 'Assigned', 'Bidi_Control', 'Bidi_Mirrored', 'Case_Ignorable',
  'Cased', 'Changes_When_Casefolded', 'Changes_When_Casemapped', 'Changes_When_Lowercased',
  'Changes_When_NFKC_Casefolded', 'Changes_When_Titlecased', 'Changes_When_Uppercased', 'Dash',
  'Default_Ignorable_Code_Point', 'Deprecated', 'Diacritic', 'Emoji', 'Emoji_Component', 'Emoji_Modifier',
  'Emoji_Modifier_Base', 'Emoji_Presentation', 'Extended_Pictographic', 'Extender', 'Grapheme_Base',
  'Grapheme_Extend', 'Hex_Digit', 'IDS_Binary_Operator', 'IDS_Trinary_Operator', 'ID_Continue', 'ID_Start',
  'Ideographic', 'Join_Control', 'Logical_Order_Exception', 'Lowercase', 'Math', 'Noncharacter_Code_Point',
  'Pattern_Syntax', 'Pattern_White_Space', 'Quotation_Mark', 'Radical', 'Regional_Indicator', 'Sentence_Terminal',
  'Soft_Dotted', 'Terminal_Punctuation', 'Unified_Ideograph', 'Uppercase', 'Variation_Selector', 'White_Space',
  'XID_Continue', 'XID_Start',
];

/** General categories: long names, and the short ones JavaScript takes as they are. */
const GENERAL_CATEGORIES = [
  'Cased_Letter', 'Close_Punctuation', 'Connector_Punctuation', 'Control', 'Currency_Symbol', 'Dash_Punctuation',
  'Decimal_Number', 'Enclosing_Mark', 'Final_Punctuation', 'Format', 'Initial_Punctuation', 'Letter',
  'Letter_Number', 'Line_Separator', 'Lowercase_Letter', 'Mark', 'Math_Symbol', 'Modifier_Letter',
  'Modifier_Symbol', 'Nonspacing_Mark', 'Number', 'Open_Punctuation', 'Other', 'Other_Letter', 'Other_Number',
  'Other_Punctuation', 'Other_Symbol', 'Paragraph_Separator', 'Private_Use', 'Punctuation', 'Separator',
  'Space_Separator', 'Spacing_Mark', 'Surrogate', 'Symbol', 'Titlecase_Letter', 'Unassigned', 'Uppercase_Letter',
  'C', 'Cc', 'Cf', 'Cn', 'Co', 'Cs', 'L', 'LC', 'Ll', 'Lm', 'Lo', 'Lt', 'Lu', 'M', 'Mc', 'Me', 'Mn', 'N', 'Nd',
  'Nl', 'No', 'P', 'Pc', 'Pd', 'Pe', 'Pf', 'Pi', 'Po', 'Ps', 'S', 'Sc', 'Sk', 'Sm', 'So', 'Z', 'Zl', 'Zp', 'Zs',
];
/** Rust's aliases of general categories that JavaScript spells otherwise. */
const GENERAL_CATEGORY_ALIASES: Record<string, string> = { digit: 'Nd', punct: 'P', combiningmark: 'M', cntrl: 'Cc' };

/** Rust's symbolic_name_normalize: lower case, no spaces, `_` or `-`, no leading `is`. */
function normalize(name: string): string {
  const norm = name.toLowerCase().replace(/[\s_-]/g, '');
  return norm.startsWith('is') && norm.length > 2 ? norm.slice(2) : norm;
}

const byNormal = (names: string[]) => new Map(names.map((name) => [normalize(name), name]));
const binaryByNormal = byNormal(BINARY_PROPERTIES);
const categoryByNormal = byNormal(GENERAL_CATEGORIES);

function category(name: string): CodePointSet | null {
  const norm = normalize(name);
  const canonical = categoryByNormal.get(norm) ?? GENERAL_CATEGORY_ALIASES[norm];
  return canonical ? jsClassSet(`\\p{General_Category=${canonical}}`) : null;
}

function script(name: string, property: 'Script' | 'Script_Extensions'): CodePointSet | null {
  const words = name.replace(/^is(?=[A-Z_\s-])/i, '').split(/[\s_-]+/).filter((word) => word.length > 0);
  if (words.length === 0) return null;
  const spelled = words.map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase()).join('_');
  return /^[A-Za-z_]+$/.test(spelled) ? jsClassSet(`\\p{${property}=${spelled}}`) : null;
}

function binary(name: string): CodePointSet | null {
  const norm = normalize(name);
  // cf, sc and lc are general categories in Rust, not Case_Folding, Script or Lowercase_Mapping.
  if (norm === 'cf' || norm === 'sc' || norm === 'lc') return null;
  const canonical = binaryByNormal.get(norm);
  return canonical ? jsClassSet(`\\p{${canonical}}`) : null;
}

export type PropertyLookup = { set: CodePointSet } | { error: 'UnicodePropertyNotFound' | 'UnicodePropertyValueNotFound' };

/** The set `\p{…}` names (not negated), or why Rust would refuse it. */
export function unicodePropertySet(query: UnicodeClassQuery): PropertyLookup {
  const found = (set: CodePointSet | null, error: 'UnicodePropertyNotFound' | 'UnicodePropertyValueNotFound'): PropertyLookup =>
    set ? { set } : { error };
  switch (query.kind) {
    case 'oneLetter':
      return found(category(query.letter), 'UnicodePropertyNotFound');
    case 'named':
      return found(binary(query.name) ?? category(query.name) ?? script(query.name, 'Script'), 'UnicodePropertyNotFound');
    case 'namedValue': {
      const property = normalize(query.name);
      let set: CodePointSet | null;
      if (property === 'gc' || property === 'generalcategory') set = category(query.value);
      else if (property === 'sc' || property === 'script') set = script(query.value, 'Script');
      else if (property === 'scx' || property === 'scriptextensions') set = script(query.value, 'Script_Extensions');
      else return { error: 'UnicodePropertyNotFound' };
      if (!set) return { error: 'UnicodePropertyValueNotFound' };
      return { set: query.op === '!=' ? set.negate() : set };
    }
  }
}
