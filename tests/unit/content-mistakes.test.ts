/**
 * The mistakes writers make, made in a copy of the project: each fails `astro sync` (the content check every build
 * and `astro dev` run) with a message naming the file, the line and the fix. docs/CONTENT.md quotes these messages.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astro, copyProject } from '../support/project-copy.ts';

const file = 'content/services/installation.mdx';

interface Mistake {
  name: string;
  change(source: string): string;
  /** Another file to write (or change), as `[path, content from the original file]`. */
  also?: [string, (source: string) => string];
  says: string[];
}

const mistakes: Mistake[] = [
  {
    name: 'a misspelt optional field',
    change: (s) => s.replace('  tagline: Installation & Configuration', '  tagine: Installation & Configuration'),
    says: ['content/services/installation.mdx:8:3 hero.tagine: unknown field "tagine": did you mean "tagline"?'],
  },
  {
    name: 'a misspelt required field',
    change: (s) => s.replace('  subtitle: Our certified', '  subtitel: Our certified'),
    says: ['installation.mdx:7:1 hero.subtitle: "subtitle" is missing', 'installation.mdx:11:3 hero.subtitel: unknown field "subtitel": did you mean "subtitle"?'],
  },
  {
    name: 'a comma inside { … }',
    change: (s) => s.replace('    - label: Certified Engineers\n      icon: badge-check', '    - { label: Certified Engineers, trained and vetted, icon: badge-check }'),
    says: ['"trained and vetted" is not a field name: it looks like the end of a sentence that was cut at a comma'],
  },
  {
    name: 'the same order twice',
    change: (s) => s,
    also: ['content/services/security.mdx', (s) => s.replace(/^order: \d+$/m, 'order: 3').replace('Security', 'Securities')],
    says: ['order 3 is used by', 'give each page of services its own order'],
  },
  {
    name: 'a second file with the same name but for its letter case',
    change: (s) => s,
    also: ['content/services/Installation.mdx', (s) => s.replace('Infrastructure Set Up', 'Infrastructure Installed')],
    says: ['services contains multiple entries with the same slug: `installation`'],
  },
  {
    name: 'a highlight that is not in the title',
    change: (s) => s.replace('  highlight: Right the First Time', '  highlight: Right First Time'),
    says: ['installation.mdx:10:3 hero.highlight: "Right First Time" is not part of the title'],
  },
  {
    name: 'an anchor to a section that does not exist',
    change: (s) => s.replace("href: '#capabilities'", "href: '#capabilites'"),
    says: ['installation.mdx:17:7 hero.actions.1.href: "#capabilites" leads nowhere'],
  },
  {
    name: 'a value outside its choices',
    change: (s) => s.replace('    columns: 2', '    columns: 5'),
    says: ['installation.mdx:34:5 sections.1.columns: must be one of 2, 3, 4 (found the number 5)'],
  },
  {
    name: 'an unquoted ": "',
    change: (s) => s.replace('  title: Infrastructure Set Up Right the First Time', '  title: Infrastructure: Set Up Right the First Time'),
    says: ['This line has ": " (a colon and a space) inside its text', 'The YAML parser said: bad indentation of a mapping entry'],
  },
  {
    name: 'Word’s curly quotes around a text with ": "',
    change: (s) => s.replace('  title: Infrastructure Set Up Right the First Time', '  title: “Infrastructure: Set Up Right the First Time”'),
    says: ['This line\'s text is wrapped in curly quotes “…” (as Word and e-mail type them), which YAML does not read as quotes', 'The YAML parser said: bad indentation of a mapping entry'],
  },
  {
    name: 'an unquoted #',
    change: (s) => s.replace("href: '#capabilities'", 'href: #capabilities'),
    says: ['installation.mdx:17:7 hero.actions.1.href: "href" is empty', 'a value that starts with # must be in quotes'],
  },
  {
    name: 'a date written in words',
    change: (s) => s,
    also: ['content/legal/privacy-policy.mdx', (s) => s.replace(/^lastUpdated: .*$/m, 'lastUpdated: 18th August 2025')],
    says: ['privacy-policy.mdx:6:1 lastUpdated: write the date as YYYY-MM-DD, e.g. 2025-08-18'],
  },
  {
    name: 'a frontmatter that is never closed',
    change: (s) => s.replace('\n---\n', '\n\n'),
    says: ['installation.mdx:1:1 the frontmatter is never closed'],
  },
  {
    name: '"<" in the page text',
    change: (s) => s.replace(/\n---\n\n/, '\n---\n\nWe answer in <15 minutes.\n\n'),
    says: ['in the page text, "<" starts a component in MDX: write "less than" or &lt; instead'],
  },
];

describe('a writer’s mistakes, as astro sync reports them', () => {
  let project: Awaited<ReturnType<typeof copyProject>>;
  let original = '';

  beforeAll(async () => {
    project = await copyProject('content-mistakes-');
    original = await readFile(join(project.root, file), 'utf8');
  });

  afterAll(async () => {
    await project?.remove();
  });

  it.each(mistakes)('$name', { timeout: 60_000 }, async ({ change, also, says }) => {
    await writeFile(join(project.root, file), change(original));
    const [extraPath, extraChange] = also ?? [];
    const extraOriginal = extraPath ? await readFile(join(project.root, extraPath), 'utf8').catch(() => null) : null;
    if (extraPath && extraChange) await writeFile(join(project.root, extraPath), extraChange(extraOriginal ?? original));
    try {
      const failure = await astro(project.root, 'sync').then(
        () => undefined,
        (error: { stdout: string; stderr: string }) => error,
      );
      expect(failure, 'astro sync should fail').toBeDefined();
      const output = `${failure!.stdout}\n${failure!.stderr}`;
      for (const text of says) expect(output).toContain(text);
    } finally {
      await writeFile(join(project.root, file), original);
      if (extraPath) await (extraOriginal === null ? rm(join(project.root, extraPath)) : writeFile(join(project.root, extraPath), extraOriginal));
    }
  });

  it('passes again once every mistake is undone', { timeout: 60_000 }, async () => {
    await expect(astro(project.root, 'sync')).resolves.toBeDefined();
  });
});
