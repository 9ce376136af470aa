/**
 * Whether a name, company or message carries content: at least one letter, digit or symbol (Unicode categories
 * L, N and S). White space, punctuation alone ("." or "-"), combining marks alone (a lone U+0300), control and
 * format characters, default-ignorable code points (Hangul fillers, which Unicode files as letters) and the blank
 * braille pattern (a symbol) do not count. The database's `contact_submissions_has_visible_text` writes out the
 * same class as code point ranges.
 */
export const visibleCharacter = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{S}]/u;

export const hasVisibleText = (text: string): boolean => visibleCharacter.test(text);
