/**
 * Characters that change how text looks without being seen: Unicode's Default_Ignorable_Code_Point
 * set (zero-width and joiner characters, bidi controls, soft hyphen U+00AD, Hangul fillers such
 * as U+3164, the Mongolian vowel separator U+180E, variation selectors, tags, …) plus the line
 * and paragraph separators. The property comes from the JavaScript engine's Unicode tables, so
 * the list follows Unicode instead of a hand-kept range list that misses some.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;

export const withoutInvisibleCharacters = (text: string) => text.replace(INVISIBLE, "");
