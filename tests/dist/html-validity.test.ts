/**
 * Every page of the build is valid HTML by html-validate's recommended rules. Reads dist/ (npm test builds
 * first); set HTML_DIST to check another build directory.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HtmlValidate, type ConfigData, type Message } from 'html-validate';
import { describe, expect, test } from 'vitest';
import { redirects } from '../../src/config/routes.ts';

const dist = process.env.HTML_DIST ?? 'dist';

const config: ConfigData = {
  root: true,
  extends: ['html-validate:recommended'],
  elements: [
    'html5',
    {
      // Astro writes <style>astro-island{display:contents}</style> in the body just before the first island;
      // browsers apply it and no option moves it to <head>.
      style: { flow: true },
    },
  ],
  rules: {
    // Tailwind's preflight removes list markers, and Safari then drops list semantics unless role="list" is set.
    'no-redundant-role': 'off',
    // React's server renderer writes autoComplete="…", maxLength="…" and required=""; HTML attribute names are case-insensitive.
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    // React self-closes void elements (<input/>), Astro does not; both are valid HTML.
    'void-style': 'off',
    // HTML5 allows ids that start with a digit: MDX slugs numbered legal headings ("1. Who we are" → #1-who-we-are).
    'valid-id': ['error', { relaxed: true }],
    // Phone links carry Tailwind's whitespace-nowrap (or the header's .header-phone, which applies it) instead of &nbsp;.
    // tel-number keeps a number whole except on a screen too narrow for it (src/styles/global.css).
    'tel-non-breaking': ['error', { ignoreClasses: ['whitespace-nowrap', 'header-phone', 'tel-number'] }],
    // No style attributes at all: the pages' Content-Security-Policy does not allow them.
    'no-inline-style': ['error', { allowedProperties: [] }],
  },
};

/** The legacy paths' forwarding pages (src/pages/[...redirect].astro) are checked like every other page. */
const redirectPages = new Set(Object.keys(redirects).map((path) => join(dist, `${path.slice(1)}.html`)));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(dir, file))
    .sort();
}

const format = (file: string, message: Message) =>
  `${relative(process.cwd(), file)}:${message.line}:${message.column} ${message.ruleId}: ${message.message}${message.selector ? ` (${message.selector})` : ''}`;

describe('HTML validity of the built site', () => {
  const files = existsSync(dist) ? htmlFiles(dist) : [];

  test('the build has the pages to check', () => {
    expect(files.length, `no HTML in ${dist}/: run "npm run build" first`).toBeGreaterThan(0);
    for (const page of [join(dist, 'index.html'), join(dist, '404.html'), ...redirectPages]) {
      expect(files, `${page} missing`).toContain(page);
    }
  });

  const validator = new HtmlValidate(config);

  test.each(files.map((file) => [relative(dist, file), file]))('%s has no html-validate errors', async (_name, file) => {
    const report = await validator.validateString(readFileSync(file, 'utf8'), file);
    const errors = report.results.flatMap((result) => result.messages.map((message) => format(file, message)));
    if (errors.length > 0) console.error(errors.join('\n'));
    expect(errors).toEqual([]);
  });
});
