/**
 * Every page of the build carries a Content-Security-Policy that allows exactly its own inline scripts and
 * styles by hash: the browser tests prove what runs under it; this proves nothing inline goes unlisted and
 * nothing is listed that the page does not carry (except the stylesheet the contact form's toasts add later).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cspHash } from '../../src/document/csp-hash.ts';
import { inlineAllowList } from '../../src/document/inline-code-allowlist.ts';
import { inlineCode } from '../../src/document/page-policy.ts';
import { sonnerStyleHashes } from '../../src/document/sonner-style-hash.ts';

const dist = join(import.meta.dirname, '../../dist');
/** Not /admin: the writers' editor (Decap CMS) has a policy of its own, checked in tests/unit/cms-config.test.ts. */
const editorPage = 'admin.html';
const pages = existsSync(dist) ? readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html') && file !== editorPage) : [];

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

describe('the policy of each built page', () => {
  test('the build has pages', () => {
    expect(pages.length, 'run "npm run build" first (npm test does)').toBeGreaterThan(30);
  });

  for (const file of pages) {
    test(`${relative(dist, join(dist, file))} lists the hash of every inline script and style, and no 'unsafe-inline'`, () => {
      const html = readFileSync(join(dist, file), 'utf8');
      const policies = [...html.matchAll(/<meta http-equiv="content-security-policy" content="([^"]*)">/g)].map((match) => match[1]!.replaceAll('&#39;', "'"));
      expect(policies).toHaveLength(1);
      const policy = policies[0]!;
      const scripts = directive(policy, 'script-src');
      const styles = directive(policy, 'style-src');
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(styles).not.toContain("'unsafe-inline'");
      // Read with an HTML parser, as the layout reads them (an attribute such as data-url is not a src).
      const { scripts: inlineScripts, styles: inlineStyles } = inlineCode(html);
      expect(inlineStyles.length, 'the page stylesheet').toBeGreaterThan(0);
      for (const script of inlineScripts) expect(scripts, script.slice(0, 80)).toContain(`'${cspHash(script)}'`);
      for (const style of inlineStyles) expect(styles, style.slice(0, 80)).toContain(`'${cspHash(style)}'`);

      const later = html.includes('<astro-island') ? sonnerStyleHashes() : [];
      expect(scripts.slice(1).sort(), 'no hash of a script the page does not carry').toEqual(
        [...new Set(inlineScripts.map((script) => `'${cspHash(script)}'`))].sort(),
      );
      expect(styles.slice(1).sort(), 'no hash of a style the page does not carry').toEqual(
        [...new Set([...inlineStyles.map(cspHash), ...later].map((hash) => `'${hash}'`))].sort(),
      );
    });
  }
});

describe('the inline code of each built page is the site’s own', async () => {
  const allowed = await inlineAllowList();
  const allowedHashes = new Set([...allowed.scripts.keys(), ...allowed.styles.keys()].map((text) => `'${cspHash(text)}'`));

  for (const file of pages) {
    test(`${file}: every inline script and style is on the allow-list or is the page's stylesheet, and so is every hash of its policy`, () => {
      const html = readFileSync(join(dist, file), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      // The layout writes the page's own stylesheet last in the head (src/layouts/HtmlDocument.astro).
      const pageStylesheet = inlineCode(head).styles.at(-1)!;
      expect(pageStylesheet, "the page's stylesheet: its share of Tailwind's base layer").toContain('@layer base{');
      const { scripts, styles } = inlineCode(html);
      for (const script of scripts) expect(allowed.scripts.has(script), `unlisted script: ${script.slice(0, 80)}`).toBe(true);
      for (const style of styles) expect(style === pageStylesheet || allowed.styles.has(style), `unlisted style: ${style.slice(0, 80)}`).toBe(true);

      const policy = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(html)![1]!.replaceAll('&#39;', "'");
      const hashes = [...directive(policy, 'script-src'), ...directive(policy, 'style-src')].filter((source) => source.startsWith("'sha"));
      const later = html.includes('<astro-island') ? sonnerStyleHashes().map((hash) => `'${hash}'`) : [];
      const outside = hashes.filter((hash) => !allowedHashes.has(hash) && hash !== `'${cspHash(pageStylesheet)}'` && !later.includes(hash));
      expect(outside, 'hashes of code the site does not declare').toEqual([]);
    });
  }
});

describe('the inline code a policy must allow', () => {
  test('scripts a browser runs, speculation rules and styles; not data blocks or script files', () => {
    const html = `<script>a()</script><script type="module">b()</script><script type="speculationrules">{"prefetch":[]}</script>
      <script type="application/ld+json">{"@type":"Thing"}</script><script src="/c.js"></script><style>p{color:red}</style>
      <noscript><p>no script</p></noscript><script>if (1 < 2 && "&amp;") d()</script>`;
    expect(inlineCode(html)).toEqual({
      scripts: ['a()', 'b()', '{"prefetch":[]}', 'if (1 < 2 && "&amp;") d()'],
      styles: ['p{color:red}'],
    });
  });
});
