/** A short hash of `text` (djb2, base 36): the version in an address that changes when what it names changes. */
export function shortHash(text: string): string {
  let value = 5381;
  for (let index = 0; index < text.length; index += 1) value = ((value * 33) ^ text.charCodeAt(index)) >>> 0;
  return value.toString(36);
}
