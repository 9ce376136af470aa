import { describe, expect, test } from 'vitest';
import { htmlClasses, htmlTags, pruneCss, selectorClasses, selectorTags, type PageUsage } from '../../src/lib/css-prune.ts';

const usage = (html: string): PageUsage => {
  const classes = htmlClasses(html);
  const tags = htmlTags(html);
  return { isClassUsed: (name) => classes.has(name), isTagUsed: (tag) => tags.has(tag) || tag === 'html' || tag === 'body' };
};

describe('selector parsing', () => {
  test('unescapes Tailwind class names', () => {
    expect(selectorClasses('.md\\:grid-cols-2')).toEqual(['md:grid-cols-2']);
    expect(selectorClasses('.group\\/menu:is([open]) .group-open\\/menu\\:block')).toEqual(['group/menu', 'group-open/menu:block']);
    expect(selectorClasses('.top-\\(--header-height\\)')).toEqual(['top-(--header-height)']);
    expect(selectorClasses('.aria-\\[current\\]\\:text-brand-700[aria-current]')).toEqual(['aria-[current]:text-brand-700']);
  });

  test('finds element names but not pseudo-classes or attributes', () => {
    expect(selectorTags('.prose-body h2')).toEqual(['h2']);
    expect(selectorTags('abbr:where([title])')).toEqual(['abbr']);
    expect(selectorTags(':where(.space-y-2>:not(:last-child))')).toEqual([]);
    expect(selectorTags('::file-selector-button')).toEqual([]);
  });
});

describe('pruneCss', () => {
  const css =
    '@property --tw-shadow{syntax:"*";inherits:false}@property --tw-unused{syntax:"*";inherits:false}' +
    '@layer theme{:root,:host{--color-brand-600:#2452cf;--color-never:#000}}' +
    '@layer base{code,kbd{font-family:monospace}h2{margin:0}}' +
    '@layer utilities{.flex{display:flex}.grid{display:grid}.shadow-sm{--tw-shadow:0 1px 2px #0001;box-shadow:var(--tw-shadow)}' +
    '.text-brand-600{color:var(--color-brand-600)}@media (min-width:48rem){.md\\:grid-cols-2{grid-template-columns:repeat(2,1fr)}}}';

  test('keeps the rules, variables and elements a page uses and drops the rest', () => {
    const pruned = pruneCss(css, usage('<div class="flex shadow-sm text-brand-600"><h2>Title</h2></div>'));
    expect(pruned).toContain('.flex{display:flex}');
    expect(pruned).toContain('.shadow-sm{');
    expect(pruned).toContain('@property --tw-shadow');
    expect(pruned).toContain('--color-brand-600:#2452cf');
    expect(pruned).toContain('h2{margin:0}');
    expect(pruned).not.toContain('.grid{');
    expect(pruned).not.toContain('code');
    expect(pruned).not.toContain('--tw-unused');
    expect(pruned).not.toContain('--color-never');
    expect(pruned).not.toContain('@media');
  });

  test('keeps a responsive rule when its class is used', () => {
    expect(pruneCss(css, usage('<ul class="grid md:grid-cols-2"></ul>'))).toContain('@media (min-width:48rem){.md\\:grid-cols-2{');
  });
});
