/**
 * Page text carries no code, components carry no stylesheet or script of their own, and links in the text lead to
 * pages: each mistake made in a copy of the project stops the check that catches it (astro sync for content, astro
 * build for components and links) with a message naming the file and line, or the component. docs/CONTENT.md
 * quotes the writers' messages.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astro, copyProject } from '../support/project-copy.ts';

const page = 'content/services/security.mdx';
const hero = 'src/components/sections/Hero.astro';

let project: Awaited<ReturnType<typeof copyProject>>;
const originals = new Map<string, string>();

/** Runs astro with `changes` made to the copy (each file's text appended to), then restores the files; resolves with the failure's output. */
async function failureWith(command: 'sync' | 'build', changes: Record<string, string>): Promise<string> {
  try {
    for (const [file, addition] of Object.entries(changes)) {
      if (!originals.has(file)) originals.set(file, await readFile(join(project.root, file), 'utf8'));
      await writeFile(join(project.root, file), `${originals.get(file)!.trimEnd()}\n\n${addition}\n`);
    }
    const failure = await astro(project.root, command).then(
      () => undefined,
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(failure, `astro ${command} should fail`).toBeDefined();
    return `${failure!.stdout}\n${failure!.stderr}`;
  } finally {
    for (const file of Object.keys(changes)) await writeFile(join(project.root, file), originals.get(file)!);
  }
}

/** The line of `snippet` once appended to `file` as failureWith appends it. */
function lineOf(file: string, additions: string, snippet: string): number {
  const text = `${originals.get(file)!.trimEnd()}\n\n${additions}\n`;
  return text.slice(0, text.indexOf(snippet)).split('\n').length;
}

beforeAll(async () => {
  project = await copyProject('content-code-');
});

afterAll(async () => {
  await project?.remove();
});

describe('code in the page text', () => {
  const pasted = [
    '<script>alert(1)</script>',
    '<iframe src="https://www.youtube.com/embed/x" />',
    '<style>{`h2 { color: red }`}</style>',
    '<div style="color: red">Call us today.</div>',
    '<button onclick="alert(1)">Call us</button>',
    '[Call us](javascript:alert(1))',
    'We have {1 + 1} offices.',
    'We answer within {{responseTime}}, and {/* a note for writers */} this stays.',
  ].join('\n\n');

  it('stops astro sync with the file, line and what to do for each', { timeout: 120_000 }, async () => {
    const output = await failureWith('sync', { [page]: pasted });
    const at = (snippet: string) => `${page}:${lineOf(page, pasted, snippet)}:1`;
    const says = [
      `${at('<script>')} the page text contains a <script> element: pages cannot run code or embed other sites; remove it (for a video or map, ask a developer to add a section type)`,
      `${at('<iframe')} the page text contains an <iframe> element: pages cannot embed other sites; for a YouTube or Vimeo video add a "Video" section (docs/CONTENT.md §11)`,
      `${at('<style>')} the page text contains a <style> element: page text cannot carry its own styles`,
      `${at('<div style')} the page text gives <div> a style="…" attribute: page text cannot carry its own styles (the live site's security policy refuses them, though npm run dev shows them); remove the attribute`,
      `${at('<button')} the page text gives <button> an onclick="…" attribute: pages cannot run code; remove the attribute`,
      `${at('[Call us]')} the link "javascript:alert(1)" runs code: a link leads to a page (/services/security), a site (https://…), an e-mail address (mailto:…) or a phone number (tel:…); change or remove it`,
      `${page}:${lineOf(page, pasted, 'We have')}:9 the page text contains code in curly braces ({1 + 1}): pages cannot run code; for a fact write {{name}}`,
    ];
    for (const text of says) expect(output).toContain(text);
    // A fact and a comment are not code.
    expect(output).not.toContain(`${page}:${lineOf(page, pasted, 'We answer')}:`);
  });
});

describe('a component’s own stylesheet or script', () => {
  it('stops the build naming the component, for a <style>', { timeout: 180_000 }, async () => {
    const output = await failureWith('build', { [hero]: '<style>h1 { letter-spacing: 0.01em; }</style>' });
    expect(output).toContain(`${hero} has a <style> of its own: browsers would refuse it under the pages' Content-Security-Policy`);
  });

  it('stops the build naming the component, for a <script>', { timeout: 180_000 }, async () => {
    const output = await failureWith('build', { [hero]: '<script>console.log("hero");</script>' });
    expect(output).toContain(`${hero} has a <script> of its own`);
  });

  it('stops the build naming the page, for inline code no component declares', { timeout: 180_000 }, async () => {
    const output = await failureWith('build', { [hero]: '<script is:inline>console.log("hero")</script>' });
    expect(output).toMatch(/\/\S* carries inline code that none of the site's components declares:\s+an inline <script>: "console\.log\(\\"hero\\"\)"/);
  });
});

describe('links in the page text', () => {
  const links = ['See [our other services](/services/nowhere).', '<a href="/abuot">About us</a>', 'Our [partner](http://partner.example.com).'].join('\n\n');

  it('stops the build with the file, line and the nearest page', { timeout: 180_000 }, async () => {
    const output = await failureWith('build', { [page]: links });
    expect(output).toContain(
      `${page}:${lineOf(page, links, 'See [')}:5 the link "/services/nowhere" in the page text is not a page of this site: check the address`,
    );
    expect(output).toContain(
      `${page}:${lineOf(page, links, '<a href')}:1 the link "/abuot" in the page text is not a page of this site: did you mean "/about"?`,
    );
    expect(output).toContain(
      `${page}:${lineOf(page, links, 'Our [')}:5 the link "http://partner.example.com" in the page text is not a link this site can follow: it is not secure (http://); write https://partner.example.com instead`,
    );
  });
});

it('builds again once every mistake is undone', { timeout: 180_000 }, async () => {
  await expect(astro(project.root, 'build')).resolves.toBeDefined();
});
