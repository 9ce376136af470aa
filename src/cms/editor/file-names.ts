/**
 * The names the editor gives what a writer creates: a new page's file name (and so its address) from its title, and
 * an uploaded file's name. Lowercase letters, digits and single hyphens, as the build's addresses are; an apostrophe
 * inside a word is dropped rather than made a hyphen ("A retailer’s helpdesk" → a-retailers-helpdesk), and accents
 * are taken off ("Büro" → buro).
 */

/** Letters Unicode does not split into a base letter and an accent. */
const spelledOut: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' };

/** "A retailer’s helpdesk: 40% fewer tickets" → "a-retailers-helpdesk-40-fewer-tickets"; '' when nothing is left. */
export function addressFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøđðþłı]/g, (letter) => spelledOut[letter] ?? letter)
    .replace(/(?<=[\p{L}\p{N}])['’‘ʼ`´](?=\p{L})/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "Büro Foto (1).JPG" → "buro-foto-1.jpg": the name part as an address, the extension in lowercase. */
export function uploadFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
  // A name with no Latin letter or digit gets one unlikely to be taken already (Decap would replace that file).
  const cleanBase = addressFromTitle(base) || `upload-${Date.now().toString(36)}`;
  const cleanExtension = extension.toLowerCase().replace(/[^a-z0-9]/g, '');
  return cleanExtension ? `${cleanBase}.${cleanExtension}` : cleanBase;
}
