/**
 * JSON to write inside an HTML `<script>` (JSON-LD, speculation rules, a script's data): `<`, `>` and `&` become
 * `\u` escapes, so no text in the data can close the script or open a comment, and so do U+2028 and U+2029, which
 * older JavaScript engines read as line ends inside a string. The escapes parse back to the same value.
 */
const unsafeInScript = /[<>&\u2028\u2029]/g;

export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(unsafeInScript, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
