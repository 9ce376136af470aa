/**
 * The mistakes writers make, made in a copy of the project: each fails `astro sync` (the content check every build
 * and `astro dev` run) with a message naming the file, the line and the fix. docs/CONTENT.md quotes these messages.
 * The syncs run in one process kept for the copy (tests/support/sync-host.ts); the first mistake is also checked with
 * the `astro` command itself, which must print the same.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figureLabels, figures } from '../../src/config/figures.ts';
import { astro, astroWith, copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { startSyncHost, type SyncHost } from '../support/sync-host.ts';

const file = 'content/services/installation.mdx';
/** The line (from 1) of the file's page text that starts with `start`. */
const bodyLine = (start: string) =>
  readFileSync(join(repoRoot, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.startsWith(start)) + 1;

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
    says: [
      'installation.mdx:7:1 hero.subtitle: "subtitle" is missing',
      'installation.mdx:11:3 hero.subtitel: unknown field "subtitel": did you mean "subtitle"?',
    ],
  },
  {
    name: 'a comma inside { … }',
    change: (s) =>
      s.replace('    - label: Certified Engineers\n      icon: badge-check', '    - { label: Certified Engineers, trained and vetted, icon: badge-check }'),
    says: ['"trained and vetted" is not a field name: it looks like the end of a sentence that was cut at a comma'],
  },
  {
    name: 'the same order twice',
    change: (s) => s,
    also: ['content/services/security.mdx', (s) => s.replace(/^order: \d+$/m, 'order: 3').replace('Security', 'Securities')],
    says: [
      'content/services/security.mdx:5:1 order 3 is used by content/services/installation.mdx and content/services/security.mdx: give each page of services its own order',
    ],
  },
  {
    name: 'a second file with the same name but for its letter case',
    change: (s) => s,
    also: ['content/services/Installation.mdx', (s) => s.replace('Infrastructure Set Up', 'Infrastructure Installed')],
    says: [
      'content/services/Installation.mdx and content/services/installation.mdx differ only in capital letters, so they would be the same page (/services/installation): rename or delete one of them',
    ],
  },
  {
    name: 'a misspelt fact',
    change: (s) => s.replace('  tagline: Installation & Configuration', "  tagline: '{{yearsExperiance}} Years of Installation'"),
    says: ['installation.mdx:8:3 hero.tagline: {{yearsExperiance}} is not a fact of src/config/facts.ts: did you mean {{yearsExperience}}?'],
  },
  {
    name: 'a company figure written out by hand, in the frontmatter and the page text',
    change: (s) =>
      s
        .replace('    - label: Certified Engineers\n', '    - label: 500+ ERP implementations\n')
        .replace('We install and configure infrastructure as if', 'Backed by 30+ years of practice, we install and configure infrastructure as if'),
    says: [
      `installation.mdx:20:7 hero.badges.0.label: "500+ ERP implementations" writes out a company figure by hand: write {{projectsDelivered}} (${figures.projectsDelivered} today: ${figureLabels.projectsDelivered.label}) in place of "500+"`,
      `installation.mdx:${bodyLine('We install and configure infrastructure')}:11 "30+ years" writes out a company figure by hand: write {{yearsExperience}}`,
      'docs/CONTENT.md, "Facts: figures, response time and partner links are written once"',
    ],
  },
  {
    name: 'a cards section with neither items nor from',
    change: (s) => s,
    also: ['content/pages/services.mdx', (s) => s.replace('    from: services\n', '')],
    says: [
      'sections.1.items: "items" is missing: write the cards here, or show a card for each page of a folder with from: services, from: consulting, from: outsourcing',
    ],
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
    says: [
      // The column is where the text starts: where the opening quote goes.
      'content/services/installation.mdx:9:10 This line has ": " (a colon and a space) inside its text',
      'The YAML parser said: Nested mappings are not allowed in compact mappings at line 9, column 10',
    ],
  },
  {
    name: 'Word’s curly quotes around a text with ": "',
    change: (s) => s.replace('  title: Infrastructure Set Up Right the First Time', '  title: “Infrastructure: Set Up Right the First Time”'),
    says: [
      // The column is the opening curly quote's.
      "content/services/installation.mdx:9:10 This line's text is wrapped in curly quotes “…” (as Word and e-mail type them), which YAML does not read as quotes",
      'The YAML parser said: Nested mappings are not allowed in compact mappings at line 9, column 10',
    ],
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
    name: 'a tagline that repeats its title',
    change: (s) => s.replace('    tagline: What We Offer\n', '    tagline: Installation & configuration services.\n'),
    says: [
      'installation.mdx:32:5 sections.1.tagline: "Installation & configuration services." repeats the title "Installation & Configuration Services": the tagline is the small line above the title, so give it words of its own',
    ],
  },
  {
    name: '"<" in the page text',
    change: (s) => s.replace(/\n---\n\n/, '\n---\n\nWe answer in <15 minutes.\n\n'),
    says: ['in the page text, "<" starts a component in MDX: write "less than" or &lt; instead'],
  },
  {
    name: 'images: a file that is not uploaded, no alt text, both alt text and decorative, an image on another site',
    change: (s) =>
      s
        .replace('      icon: file-text\nsections:', '      icon: file-text\n  image:\n    src: ../uploads/racks.png\n    alt: A server rack\nsections:')
        .replace(
          '      - title: Server and Storage Installation\n',
          '      - title: Server and Storage Installation\n        image:\n          src: ../uploads/rack.png\n',
        )
        .replace(
          '      - title: Network Configuration\n',
          '      - title: Network Configuration\n        image:\n          src: ../uploads/rack.png\n          alt: A switch\n          decorative: true\n',
        )
        .replace(
          '      - title: Database and Middleware\n',
          '      - title: Database and Middleware\n        image:\n          src: https://example.com/db.png\n          alt: A database\n',
        ),
    also: ['content/uploads/rack.png', () => 'an uploaded image (its content is not read by this check)'],
    says: [
      "installation.mdx:27:5 hero.image.src: the image racks.png is not in content/uploads/: upload it in the editor's Media, or fix the name (did you mean rack.png?)",
      'installation.mdx:40:9 sections.1.items.0.image.alt: the image needs its alt text: say in a few words what it shows, for visitors who cannot see it; or set decorative: true if it only decorates',
      'sections.1.items.1.image.decorative: an image is either described by its alt text or decorative, not both: remove the alt text, or set decorative: false',
      `sections.1.items.2.image.src: "https://example.com/db.png" is an image on another site, which the site's security policy does not load: save the image, upload it in the editor's Media (it is stored in content/uploads/) and choose it there, or write ../uploads/<name>`,
    ],
  },
];

describe('a writer’s mistakes, as astro sync reports them', () => {
  let project: Awaited<ReturnType<typeof copyProject>>;
  let host: SyncHost;
  let original = '';

  // Set-up, with the hook's own limit: the copy, and the host's first sync of it as it is, which loads Astro, Vite
  // and Rolldown into the host once (the longest part of a sync) and must pass before any mistake is made.
  beforeAll(async () => {
    project = await copyProject('content-mistakes-');
    host = await startSyncHost(project.root);
    original = await readFile(join(project.root, file), 'utf8');
    const clean = await host.sync();
    expect(clean.code, clean.output).toBe(0);
  });

  afterAll(async () => {
    await host?.close();
    await project?.remove();
  });

  /** Makes `mistake` in the copy, runs `check` and puts the files back; resolves with what `check` resolved with. */
  async function withMistake<T>({ change, also }: Mistake, check: () => Promise<T>): Promise<T> {
    await writeFile(join(project.root, file), change(original));
    const [extraPath, extraChange] = also ?? [];
    const extraOriginal = extraPath ? await readFile(join(project.root, extraPath), 'utf8').catch(() => null) : null;
    if (extraPath && extraChange) {
      await mkdir(dirname(join(project.root, extraPath)), { recursive: true });
      await writeFile(join(project.root, extraPath), extraChange(extraOriginal ?? original));
    }
    try {
      return await check();
    } finally {
      await writeFile(join(project.root, file), original);
      if (extraPath) await (extraOriginal === null ? rm(join(project.root, extraPath)) : writeFile(join(project.root, extraPath), extraOriginal));
    }
  }

  it.each(mistakes)('$name', { timeout: 60_000 }, async (mistake) => {
    const { code, output } = await withMistake(mistake, () => host.sync());
    expect(code, 'astro sync should fail').not.toBe(0);
    for (const text of mistake.says) expect(output).toContain(text);
  });

  // The astro command is a new process that loads Astro, Vite and Rolldown: about 2 core-seconds, 40 s or more on a
  // loaded 2-core machine.
  it('reads the same from the astro command as from the sync host', { timeout: 150_000 }, async () => {
    /** The lines a run printed, without the clock time Astro starts its log lines with, nor blank lines. */
    const lines = (output: string) =>
      output
        .split('\n')
        .map((line) => line.replace(/^\d\d:\d\d:\d\d /, ''))
        .filter((line) => line.trim() !== '');
    const [hosted, command] = await withMistake(mistakes[0]!, async () => [
      await host.sync(),
      await astro(project.root, 'sync').then(
        () => undefined,
        (error: { stdout: string; stderr: string }) => `${error.stdout}\n${error.stderr}`,
      ),
    ]);
    expect(command, 'astro sync should fail').toBeDefined();
    expect(lines(hosted.output)).toEqual(lines(command!));
    expect(lines(hosted.output)).toContain(`  ${mistakes[0]!.says[0]!}`);
  });

  it('in GitHub Actions, names each mistake as an annotation on its line, in the frontmatter and in the page text', { timeout: 180_000 }, async () => {
    const env = toolEnv('production', { GITHUB_ACTIONS: 'true' });
    const run = (command: string) =>
      astroWith(env, project.root, command).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
    try {
      await writeFile(join(project.root, file), original.replace('  subtitle: Our certified', '  subtitel: Our certified'));
      const sync = (await run('sync')).split('\n');
      expect(sync).toContain(
        '::error file=content/services/installation.mdx,line=7,col=1,title=Content needs a fix::hero.subtitle: "subtitle" is missing: it is required here',
      );
      expect(sync).toContain(
        '::error file=content/services/installation.mdx,line=11,col=3,title=Content needs a fix::hero.subtitel: unknown field "subtitel": did you mean "subtitle"?',
      );

      await writeFile(
        join(project.root, file),
        original.replace('We install and configure infrastructure', 'For {{yearsExperiance}} years we have installed and configured infrastructure'),
      );
      const build = (await run('build')).split('\n');
      expect(build).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^::error file=content/services/installation\\.mdx,line=${bodyLine('We install and configure infrastructure')},col=5,title=Content needs a fix::\\{\\{yearsExperiance\\}\\} is not a fact of src/config/facts\\.ts: did you mean \\{\\{yearsExperience\\}\\}\\? \\(known: `,
          ),
        ),
      );
    } finally {
      await writeFile(join(project.root, file), original);
    }
  });

  it('passes again once every mistake is undone', { timeout: 60_000 }, async () => {
    expect(await host.sync()).toMatchObject({ code: 0 });
  });
});
