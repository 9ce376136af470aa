/**
 * Text a stranger typed, made safe to read in the staff terminal table and CSV. Control characters go: ESC, CSI (U+009B)
 * and OSC start escape sequences a terminal would obey. Characters that are invisible or move the text around them
 * (bidi controls such as U+202E, zero-width and other format characters, the line and paragraph separators) become a
 * marker naming them, so "⟨U+202E⟩gnp.exe" cannot pass for "exe.png". Tab, CR and LF stay, for each format to place.
 */

/** Control characters (category Cc: C0, DEL and C1), but tab, LF and CR. */
const controlCharacters = /(?![\t\n\r])\p{Cc}/gu;

/**
 * Format characters (category Cf: every bidi control, U+200B, U+2060, U+FEFF, soft hyphen, tags), U+2028 and U+2029.
 * The first branch keeps a zero-width joiner between two emoji: there it only joins pictures into one (👩‍💻), hiding nothing.
 */
const hiddenCharacter = /(\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?\u200D)(?=\p{Extended_Pictographic})|[\p{Cf}\u2028\u2029]/gu;

/** "⟨U+202E⟩" */
const marker = (character: string): string => `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;

export function visibleText(text: string): string {
  return text.replace(controlCharacters, '').replace(hiddenCharacter, (character, joinedEmoji: string | undefined) => joinedEmoji ?? marker(character));
}
