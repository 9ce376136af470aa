/**
 * Whether a name, company or message carries content: at least one character a reader can see. White
 * space of every kind, control and format characters, default-ignorable code points (zero-width spaces
 * and joiners, variation selectors, Hangul fillers) and the blank braille pattern do not count.
 * The database's `contact_submissions_has_visible_text` writes out the same class as code point ranges.
 */
export const blankCharacter = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

const visibleCharacter = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

export const hasVisibleText = (text: string): boolean => visibleCharacter.test(text);
