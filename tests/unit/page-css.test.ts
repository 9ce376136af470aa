/** Which rules of the site's stylesheet a page keeps (src/document/page-css.ts); the browser tests check every real page. */
import { describe, expect, test } from 'vitest';
import { pageCss, wholeCss, type LaterSource } from '../../src/document/page-css.ts';

/** The page's stylesheet, split into its rules for comparison. */
async function rules(css: string, html: string, later: LaterSource[] = []): Promise<string[]> {
  const result = await pageCss(css, html, later);
  return result.match(/@media[^{]*\{[^}]*\}\}|[^{}]+\{[^}]*\}/g) ?? [];
}

describe('a page keeps the rules that can style it', () => {
  test('focus rings, including those chosen by an ancestor in :is()', async () => {
    const css = ':focus-visible{outline:3px solid #00f;outline-offset:2px}:is(.dark,.panel) :focus-visible{outline-color:gold}';
    const ring = await rules(css, '<footer class="dark"><a href="/">Home</a></footer>');
    expect(ring).toHaveLength(2);
    expect(ring[0]).toMatch(/^:focus-visible\{(?=.*outline:3px solid #00f)(?=.*outline-offset:2px)/);
    expect(ring[1]).toBe('.dark :focus-visible{outline-color:gold}');
    // (A word of the copy that is also a class name, such as "dark", would keep the rule: harmless, and rare.)
    expect(await rules(css, '<p>Light surface</p>')).toEqual([ring[0]]);
  });

  test(':where(), :not() and :has() follow the elements they name', async () => {
    const css = ':where(.list>:not(:last-child)){margin:1px}.toggle:has(+:popover-open) .closed{display:none}.card:not(.plain){padding:2px}';
    const page = '<ul class="list"><li>a</li></ul><button class="toggle"><i class="closed"></i></button><nav popover></nav><div class="card"></div>';
    expect(await rules(css, page)).toEqual([
      ':where(.list>:not(:last-child)){margin:1px}',
      '.toggle:has(+:popover-open) .closed{display:none}',
      '.card:not(.plain){padding:2px}',
    ]);
    expect(await rules(css, '<div class="plain"></div>')).toEqual([]);
  });

  test('responsive and arbitrary-value class names, as Tailwind writes them, in media queries every browser reads', async () => {
    const css = '@media (min-width:40rem){.sm\\:py-20{padding-block:5rem}}.top-\\(--header-height\\){top:4rem}.group-open\\/menu\\:block{display:block}';
    expect(await rules(css, '<div class="sm:py-20 top-(--header-height) group-open/menu:block"></div>')).toEqual([
      '@media (min-width:40rem){.sm\\:py-20{padding-block:5rem}}',
      '.top-\\(--header-height\\){top:4rem}',
      '.group-open\\/menu\\:block{display:block}',
    ]);
  });

  test('classes that a script of the page or an island adds later', async () => {
    const css = '.counters-pending dd{visibility:hidden}.form-sending{opacity:.5}';
    const page = '<dl><dd>30+</dd></dl><script>document.documentElement.classList.add("counters-pending")</script>';
    expect(await rules(css, page)).toEqual(['.counters-pending dd{visibility:hidden}']);
    const island = { content: 'export const Form = () => <form className={sending ? "form-sending" : ""} />', extension: 'tsx' };
    expect(await rules(css, page, [island])).toEqual(['.counters-pending dd{visibility:hidden}', '.form-sending{opacity:.5}']);
  });

  test("element rules only where the element is; pseudo-elements always; the document's own elements even in a fragment", async () => {
    const css = 'table{border-collapse:collapse}::selection{color:red}abbr:where([title]){text-decoration:underline dotted}html{line-height:1.5}body{margin:0}';
    expect(await rules(css, '<p>Text</p>')).toEqual(['::selection{color:red}', 'html{line-height:1.5}', 'body{margin:0}']);
  });

  test('parts of form controls (::placeholder, the date fields) only where the page has such a control', async () => {
    const css =
      '::placeholder{opacity:1}::-webkit-datetime-edit-year-field,::selection{padding:0}::-webkit-inner-spin-button{height:auto}' +
      'summary::-webkit-details-marker{display:none}input,textarea{font:inherit}';
    expect(await rules(css, '<details><summary>More</summary></details>')).toEqual(['::selection{padding:0}', 'summary::-webkit-details-marker{display:none}']);
    expect(await rules(css, '<form><textarea></textarea></form>')).toEqual(['::placeholder{opacity:1}', '::selection{padding:0}', 'textarea{font:inherit}']);
    expect(await rules(css, '<form><input type="date"><input type="number"></form>')).toEqual([
      '::placeholder{opacity:1}',
      // (Lightning CSS writes a vendor's pseudo-element apart, so that browsers without it still read the rest.)
      '::-webkit-datetime-edit-year-field{padding:0}',
      '::selection{padding:0}',
      '::-webkit-inner-spin-button{height:auto}',
      'input{font:inherit}',
    ]);
  });

  test("the picker's button on date fields and fields with suggestions only", async () => {
    const css = '::-webkit-calendar-picker-indicator{line-height:1}';
    expect(await rules(css, '<form><input type="text"><textarea></textarea></form>')).toEqual([]);
    expect(await rules(css, '<form><input type="month"></form>')).toEqual([css]);
    expect(await rules(css, '<form><input list="cities"><datalist id="cities"></datalist></form>')).toEqual([css]);
  });

  test('custom properties only while something reads them', async () => {
    const css =
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-blur{syntax:"*";inherits:false}' +
      ':root{--brand:#123456;--unused:1px}.card{--tw-shadow:0 1px 2px #000;box-shadow:var(--tw-shadow);color:var(--brand)}.blur{filter:var(--tw-blur)}';
    const kept = (await pageCss(css, '<div class="card"></div>')).replace(/\s/g, '');
    expect(kept).toContain('@property--tw-shadow');
    expect(kept).not.toContain('--tw-blur');
    expect(kept).toContain(':root{--brand:#123456}');
    expect(kept).toContain('.card{--tw-shadow:01px2px#000;box-shadow:var(--tw-shadow);color:var(--brand)}');
  });

  test('custom properties that nothing gives a value, whose readers all take their fallback', async () => {
    const css =
      '@layer properties{@supports (not (margin-trim:block)){*{--tw-leading:initial;--tw-shadow:0 0 #0000}}}' +
      '@property --tw-leading{syntax:"*";inherits:false}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
      '.text{line-height:var(--tw-leading,1.5)}.tight{--tw-leading:1}.lift{box-shadow:var(--tw-shadow),0 1px 2px #000}';
    const untouched = (await pageCss(css, '<p class="text lift"></p>')).replace(/\s/g, '');
    expect(untouched).not.toContain('@property--tw-leading');
    expect(untouched).not.toContain('--tw-leading:initial');
    expect(untouched).toContain('line-height:var(--tw-leading,1.5)');
    // A registered initial value is a value: the shadow's readers depend on it.
    expect(untouched).toContain('@property--tw-shadow');
    const tightened = (await pageCss(css, '<p class="text tight"></p>')).replace(/\s/g, '');
    expect(tightened).toContain('@property--tw-leading');
    expect(tightened).toContain('--tw-leading:1');
  });

  test("without Tailwind's banner comment, which the whole stylesheet keeps", async () => {
    const css = '/*! tailwindcss v4.3.5 | MIT License | https://tailwindcss.com */\n.card{padding:1rem}';
    expect(await pageCss(css, '<div class="card"></div>')).toBe('.card{padding:1rem}');
    expect(wholeCss(css)).toContain('/*! tailwindcss');
  });

  test('pages that differ only where no selector looks share a result; any other difference is kept apart', async () => {
    const css = 'button:where([type=submit]){appearance:button}.card{padding:1rem}';
    const page = (href: string, type: string) => `<a class="card" href="${href}">A</a><button type="${type}">Send</button>`;
    expect(await rules(css, page('/one', 'submit'))).toEqual(['button:where([type=submit]){appearance:button}', '.card{padding:1rem}']);
    expect(await rules(css, page('/two', 'submit'))).toEqual(['button:where([type=submit]){appearance:button}', '.card{padding:1rem}']);
    expect(await rules(css, page('/one', 'reset'))).toEqual(['.card{padding:1rem}']);
  });
});
