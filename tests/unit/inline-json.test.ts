/** JSON written into a page's <script> (src/document/inline-json.ts): no data can end the script, and the value survives. */
import { describe, expect, test } from 'vitest';
import { inlineJson } from '../../src/document/inline-json.ts';
import { inlineCode } from '../../src/document/page-policy.ts';

const hostile = { text: '</script><script>alert(1)</script> <!-- & -->', lines: 'a\u2028b\u2029c', plain: 'Ünïcode “quotes”' };

describe('inlineJson', () => {
  test('escapes <, >, &, U+2028 and U+2029, and nothing else', () => {
    const json = inlineJson(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u0026');
    expect(json).toContain('a\\u2028b\\u2029c');
    expect(json).toContain('Ünïcode “quotes”');
  });

  test('parses back to the same value, as JSON and as a JavaScript literal', () => {
    expect(JSON.parse(inlineJson(hostile))).toEqual(hostile);
    expect(new Function(`return ${inlineJson(hostile)};`)()).toEqual(hostile);
  });

  test('stays one whole script in the page', () => {
    const { scripts } = inlineCode(`<script>${inlineJson(hostile)}</script><p>after</p>`);
    expect(scripts).toEqual([inlineJson(hostile)]);
  });
});
