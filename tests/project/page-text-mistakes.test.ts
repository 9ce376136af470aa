/**
 * What writers paste into a page's text, made in a copy of the project: each fails `astro sync` (the content check
 * every build and `astro dev` run) with one plain sentence naming the file, the line and what to write instead,
 * never the MDX parser's own words; `npm run build` under GitHub Actions annotates the line. The syncs run in one
 * process kept for the copy (tests/support/sync-host.ts), which prints what `astro sync` prints
 * (tests/project/content-mistakes.test.ts).
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroWith, copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { startSyncHost, type SyncHost } from '../support/sync-host.ts';

const file = 'content/services/installation.mdx';
/** The first paragraph of the page text, and its line in the file (counted from 1). */
const paragraph = 'Most recurring outages, security gaps and performance complaints';
const line =
  readFileSync(join(repoRoot, file), 'utf8')
    .split('\n')
    .findIndex((text) => text.startsWith(paragraph)) + 1;
const parserWords = /Expected a closing tag|mdx-jsx|oxc|acorn|micromark|satteri|Sätteri|Could not parse/i;

const pastes: Array<{ name: string; text: string; says: string }> = [
  {
    name: 'an HTML image',
    text: '<img src="../uploads/rack.png" alt="A rack">',
    says: `${file}:${line}:1 in the page text: an HTML <img> is not resized and converted for each screen: write the image in Markdown, as ![what it shows] directly followed by (../uploads/<name>)`,
  },
  {
    name: 'a line break',
    text: 'First line<br>second line',
    says: `${file}:${line}:11 the page text contains a <br>, which MDX cannot read on its own: for a new paragraph leave a blank line instead, and remove the <br>`,
  },
  {
    name: 'a style element',
    text: '<style>p{color:red}</style>',
    says: `${file}:${line}:1 the page text contains a <style> element: page text cannot carry its own styles`,
  },
  {
    name: 'a curly brace that is not a fact',
    text: 'Plans from {USD 500: per month}.',
    says: `${file}:${line}:12 the page text has "{USD 500: per month}": MDX reads a curly brace as the start of code; for a curly brace itself write \\{, for a fact write {{name}}`,
  },
  {
    name: "Word's bullets",
    text: '• Server set-up\n• Network set-up',
    says: `${file}:${line}:1 this line of the page text starts with Word's bullet "•", which shows as plain text in one paragraph: start each item of a list with "- " (a hyphen and a space) instead`,
  },
  {
    name: 'a zero-width space in a link',
    text: 'Write to [us](/contact\u200B).',
    says: `${file}:${line}:23 this line of the page text contains an invisible zero-width space (U+200B) after "to [us](/contact": remove it`,
  },
];

describe('pasted page text, as the build reports it', () => {
  let project: Awaited<ReturnType<typeof copyProject>>;
  let host: SyncHost;
  let original = '';

  beforeAll(async () => {
    project = await copyProject('page-text-mistakes-');
    host = await startSyncHost(project.root);
    original = await readFile(join(project.root, file), 'utf8');
    expect(line).toBeGreaterThan(1);
    expect(original.split('\n')[line - 1]).toMatch(new RegExp(`^${paragraph}`));
  });

  afterAll(async () => {
    await host?.close();
    await project?.remove();
  });

  const paste = (text: string) => writeFile(join(project.root, file), original.replace(new RegExp(`^${paragraph}`, 'm'), `${text}\n\n${paragraph}`));

  it.each(pastes)('$name', { timeout: 60_000 }, async ({ text, says }) => {
    await paste(text);
    try {
      const { code, output } = await host.sync();
      expect(code, 'astro sync should fail').not.toBe(0);
      expect(output).toContain(says);
      expect(output).not.toMatch(parserWords);
    } finally {
      await writeFile(join(project.root, file), original);
    }
  });

  it('names an invisible character pasted into a title, and where it is', { timeout: 60_000 }, async () => {
    await writeFile(join(project.root, file), original.replace('Set Up Right the First Time', 'Set Up Right the First Ti\u00ADme'));
    try {
      const { code, output } = await host.sync();
      expect(code, 'astro sync should fail').not.toBe(0);
      expect(output).toContain(`${file}:9:3 hero.title: the title contains an invisible soft hyphen (U+00AD) after "Right the First Ti": remove it`);
    } finally {
      await writeFile(join(project.root, file), original);
    }
  });

  it('npm run build in GitHub Actions annotates the line with the sentence', { timeout: 180_000 }, async () => {
    await paste('Plans from {USD 500: per month}.');
    try {
      const output = await astroWith(toolEnv('production', { GITHUB_ACTIONS: 'true' }), project.root, 'build').then(
        () => undefined,
        (error: { stdout: string; stderr: string }) => `${error.stdout}\n${error.stderr}`,
      );
      expect(output, 'the build should fail').toBeDefined();
      expect(output!.split('\n')).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^::error file=content/services/installation\\.mdx,line=${line},col=12,title=Content needs a fix::the page text has "\\{USD 500: per month\\}"`,
          ),
        ),
      );
      expect(output).not.toMatch(parserWords);
    } finally {
      await writeFile(join(project.root, file), original);
    }
  });
});
