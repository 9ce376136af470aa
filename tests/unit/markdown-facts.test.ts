import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { evaluate, mdxToJs, type EvaluateOptions } from 'satteri';
import { describe, expect, it } from 'vitest';
import { facts } from '../../src/config/facts.ts';
import { factsPlugin } from '../../src/content/markdown-facts.ts';

const fileURL = pathToFileURL('/site/content/pages/example.mdx');
const compile = (source: string) => mdxToJs(source, { mdastPlugins: [factsPlugin], fileURL }).code;
const render = (source: string) => {
  const { default: Content } = evaluate(source, {
    ...(runtime as Pick<EvaluateOptions, 'Fragment' | 'jsx' | 'jsxs'>),
    mdastPlugins: [factsPlugin],
    fileURL,
  }) as { default: ComponentType };
  return renderToStaticMarkup(createElement(Content));
};

describe('facts in MDX bodies', () => {
  it('puts the fact into running text, a paragraph of its own and a link', () => {
    const html = render(['We reply within {{responseTime}}, every time.', '', '{{yearsExperience}}', '', '[Apply here]({{talentPartnerUrl}})'].join('\n'));
    expect(html).toBe(
      `<p>We reply within ${facts.responseTime}, every time.</p>\n<p>${facts.yearsExperience}</p>\n` +
        `<p><a href="${facts.talentPartnerUrl}">Apply here</a></p>`,
    );
  });

  it('leaves other expressions alone', () => {
    expect(render('Total: {1 + 2} and {"{{"}')).toBe('<p>Total: 3 and {{</p>');
  });

  it('stops the build at an unknown name, naming the file, the line, the fact it resembles and the known facts', () => {
    expect(() => compile('# Title\n\nWe reply within {{responseTme}}.')).toThrow(
      /\/site\/content\/pages\/example\.mdx:3:\d+ \{\{responseTme\}\} is not a fact of src\/config\/facts\.ts: did you mean \{\{responseTime\}\}\? \(known: .*\{\{responseTime\}\}/,
    );
    expect(() => compile('[Apply]({{partnerUrl}})')).toThrow(/example\.mdx:1:1 \{\{partnerUrl\}\}/);
  });
});
