/**
 * A hero's highlight is found in its title even where the two differ only in characters a writer cannot tell apart:
 * Word and pasted text bring non-breaking and thin spaces, non-breaking hyphens and curly quotes. The page shows the
 * title's own characters; each look-alike stands for one character, so positions in both texts stay the same.
 */
const lookAlikes: Record<string, string> = {
  '\u00A0': ' ', // no-break space
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ', // figure space
  '\u2009': ' ', // thin space
  '\u200A': ' ',
  '\u202F': ' ', // narrow no-break space
  '\u2010': '-',
  '\u2011': '-', // non-breaking hyphen
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
};
const lookAlike = new RegExp(`[${Object.keys(lookAlikes).join('')}]`, 'g');

const plain = (text: string) => text.replace(lookAlike, (character) => lookAlikes[character]!);

/** The title as `[before, highlight as the title writes it, after]`, or undefined when the highlight is not in it. */
export function splitAtHighlight(title: string, highlight: string): [string, string, string] | undefined {
  const start = plain(title).indexOf(plain(highlight));
  if (start < 0) return undefined;
  const end = start + highlight.length;
  return [title.slice(0, start), title.slice(start, end), title.slice(end)];
}
