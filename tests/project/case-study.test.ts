/**
 * Nothing invented goes live, and a case study is one file (docs/CONTENT.md §14, "Case studies, clients and quotes"),
 * in a copy of the project: `npm run build:deploy` with every contact fact set refuses the shipped examples, naming
 * each with its file, and refuses the trust page while any one of its answers is an example; with the examples
 * replaced by real entries (written here as a writer would) it builds, and the
 * new case study is on its own page, on /case-studies, on the home page's proof band and on the page of each service
 * it names, with the quote that links to it on its page, within the page budgets, with no "Sample" mark anywhere; a
 * real quote that no page would show stops the build, named.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { realSettings } from '../support/deploy-settings.ts';
import { frontmatterOf } from '../../src/schemas/frontmatter.ts';

let project: Awaited<ReturnType<typeof copyProject>>;

beforeAll(async () => {
  project = await copyProject('case-study-');
}, 60_000);
afterAll(async () => {
  await project?.remove();
});

/**
 * The real script in the copy, every setting real, as the deploy workflow runs it. A whole production build is about
 * 30 core-seconds, over two minutes on a loaded 2-core machine.
 */
const buildDeploy = (...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts/build-deploy.ts'), ...args], {
    cwd: project.root,
    env: toolEnv('production', { ...realSettings, PATH: `${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH}` }),
    encoding: 'utf8',
    timeout: 540_000,
  });

/** The content files that say `sample: true`, read plainly from the copy (not with the script's own finder). */
const shippedSamples = () =>
  readdirSync(join(project.root, 'content'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .flatMap((folder) =>
      readdirSync(join(project.root, 'content', folder))
        .map((name) => `content/${folder}/${name}`)
        .filter((file) => /^sample: true$/m.test(readFileSync(join(project.root, file), 'utf8'))),
    );

const caseStudy = `---
seo:
  title: 'Case Study: Warehouse Systems to Azure | Kalpaka Technologies'
  description: How a wholesale distributor moved 140 servers of warehouse and finance systems to Azure in six weekend waves, without a missed dispatch.
title: Warehouse systems moved to the cloud in six weekend waves
summary: A wholesale distributor moved 140 servers of warehouse and finance systems to Azure in planned weekend waves, without a missed dispatch.
client:
  named: true
  name: Brightwater Wholesale Ltd
  sector: A wholesale distributor with six regional warehouses
problem: The data centre lease ended in nine months, and the warehouse systems could not stop on a weekday.
services:
  - /services/installation
  - /consulting/cloud-strategy
results:
  - figure: 140
    unit: servers
    measure: moved to Azure without a missed dispatch
    period: over six weekend waves
  - figure: 31
    unit: '%'
    measure: lower monthly infrastructure cost
    period: in the first year after the move
duration: 7 months
teamSize: 11
technologies:
  - Azure
  - VMware
engagement: Fixed-price project
referenceCall: true
date: 2026-10-31
quote:
  text: Every wave went live on the Monday morning as planned, and the warehouses never noticed.
  name: Tom Ellery
  role: Head of Infrastructure
---

We planned the move in six waves, each rehearsed on copies of the systems, and ran every cut-over over a weekend.
`;

describe('npm run build:deploy and the proof collections', () => {
  it('refuses the shipped examples, naming each with its file and line, beside no settings problem', () => {
    const samples = shippedSamples();
    expect(samples.length).toBeGreaterThan(0);
    const run = buildDeploy('--check-only');
    expect(run.status).toBe(1);
    expect(run.stderr).not.toContain('problem with the site');
    expect(run.stderr).toContain(`${samples.length} example entr`);
    for (const file of samples) expect(run.stderr).toMatch(new RegExp(`- ${file.replaceAll('.', '\\.')}:\\d+ .* is an example, not a real one: `));
    expect(run.stdout).not.toContain('Settings checked');
  });

  it(
    'refuses the trust page while any one of its answers is an example, naming that answer and its file, and passes once all are confirmed',
    { timeout: 300_000 },
    () => {
      const read = (file: string) => readFileSync(join(project.root, file), 'utf8');
      const answers = readdirSync(join(project.root, 'content/trust'))
        .filter((name) => name.endsWith('.mdx'))
        .map((name) => `content/trust/${name}`);
      expect(answers.length).toBeGreaterThan(0);
      const originals = new Map(answers.map((file) => [file, read(file)]));
      // The other folders' examples are out of the way, so each run's refusal is the trust page's alone.
      const others = new Map(
        shippedSamples()
          .filter((file) => !originals.has(file))
          .map((file) => [file, read(file)]),
      );
      for (const file of others.keys()) rmSync(join(project.root, file));
      const write = (file: string, text: string) => writeFileSync(join(project.root, file), text);
      /** The answer as a writer leaves it once the company confirms it: no sample line, every [gap] filled. */
      const confirmed = (text: string) => text.replace(/^sample: true\n/m, '').replace(/\[[^\]\n]+\]/g, 'as the company confirmed in writing');
      /** The answer as an example: the shipped text of an example, or a confirmed one marked again. */
      const example = (text: string) => (/^sample: true$/m.test(text) ? text : text.replace(/^---\n/, '---\nsample: true\n'));
      try {
        for (const file of answers) {
          for (const [other, text] of originals) write(other, other === file ? example(text) : confirmed(text));
          const title = String((parse(frontmatterOf(read(file))!.yaml) as { title: string }).title);
          const run = buildDeploy('--check-only');
          expect(run.status, file).toBe(1);
          expect(run.stderr, file).toContain('1 example entry of the content would be published as if real');
          expect(run.stderr, file).toMatch(
            new RegExp(
              `- ${file.replaceAll('.', '\\.')}:\\d+ the answer "${title}" on the trust page \\(/trust\\) is an example, not a real one: write the company's confirmed answer in place of each \\[bracketed gap\\]`,
            ),
          );
        }
        for (const [file, text] of originals) write(file, confirmed(text));
        const run = buildDeploy('--check-only');
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
      } finally {
        for (const [file, text] of [...originals, ...others]) write(file, text);
      }
    },
  );

  it(
    'builds once they are replaced, and a case study added as one file is on its page, the index, the home page and its services',
    { timeout: 600_000 },
    () => {
      for (const file of shippedSamples()) rmSync(join(project.root, file));
      writeFileSync(join(project.root, 'content/case-studies/warehouse-cloud-move.mdx'), caseStudy);
      writeFileSync(join(project.root, 'content/clients/brightwater-wholesale.mdx'), '---\nname: Brightwater Wholesale Ltd\npermission: true\n---\n');
      writeFileSync(
        join(project.root, 'content/testimonials/brightwater-finance.mdx'),
        '---\nquote: The new platform paid for itself within the year, and month-end is calm again.\nname: Ruth Okafor\nrole: Finance Director\ncompany: Brightwater Wholesale Ltd\n---\n',
      );
      // A quote that names the case study, as docs/CONTENT.md says: shown on the case study's page.
      writeFileSync(
        join(project.root, 'content/testimonials/brightwater-warehouses.mdx'),
        '---\nquote: Our warehouse managers found out about the move from the newsletter, not from an outage.\nname: Sam Adeyemi\nrole: Operations Director\ncompany: Brightwater Wholesale Ltd\ncaseStudy: warehouse-cloud-move\n---\n',
      );
      const run = buildDeploy();
      expect(run.stderr.replace(/^.*\[WARN\].*$/gm, '')).not.toContain('Cannot build for deployment');
      expect(run.status, run.stdout.slice(-3000) + run.stderr.slice(-3000)).toBe(0);
      expect(run.stdout).toContain('no page shows an example entry');

      const html = (path: string) => readFileSync(join(project.root, 'dist', path === '/' ? 'index.html' : `${path}.html`), 'utf8');
      const link = 'href="/case-studies/warehouse-cloud-move"';
      // Whole pages are long: each check says what it looked for instead of printing the page.
      const has = (path: string, text: string | RegExp) => (typeof text === 'string' ? html(path).includes(text) : text.test(html(path)));
      const page = '/case-studies/warehouse-cloud-move';
      expect(has(page, '>Warehouse systems moved to the cloud in six weekend waves</h1>'), 'the title as the heading').toBe(true);
      expect(has(page, '>Brightwater Wholesale Ltd</dd>'), "the client's name").toBe(true);
      expect(has(page, /31<span[^>]*>%<\/span>/), 'a result').toBe(true);
      expect(has(page, 'Every wave went live on the Monday morning as planned'), 'the quote').toBe(true);
      expect(has(page, 'found out about the move from the newsletter'), 'the quote that links to it').toBe(true);
      expect(has(page, '>11 people at its peak</dd>'), 'the team size').toBe(true);
      expect(has(page, '>Azure, VMware</dd>'), 'the technologies').toBe(true);
      expect(has(page, '>Fixed-price project</dd>'), 'the engagement model').toBe(true);
      expect(has(page, '>Available on request: the client will speak to you about this work</dd>'), 'the reference call').toBe(true);
      expect(has('/case-studies', '>Reference call available</p>'), 'the reference call on its card').toBe(true);
      expect(has(page, '<a href="/consulting/cloud-strategy"'), 'a link to a service it names').toBe(true);
      for (const path of ['/case-studies', '/', '/services/installation', '/consulting/cloud-strategy']) expect(has(path, link), path).toBe(true);
      // Not on a service it does not name.
      expect(has('/services/data-migration', link)).toBe(false);
      // The home page's band: the client's name and the quote not tied to a case study shown there.
      expect(has('/', 'Brightwater Wholesale Ltd'), 'the client on the home page').toBe(true);
      expect(has('/', 'Ruth Okafor'), 'the quote on the home page').toBe(true);
      const pages = readdirSync(join(project.root, 'dist'), { recursive: true })
        .map(String)
        .filter((name) => name.endsWith('.html'));
      expect(pages.filter((file) => readFileSync(join(project.root, 'dist', file), 'utf8').includes('an example, not a real entry'))).toEqual([]);
      const sitemap = readdirSync(join(project.root, 'dist'))
        .filter((name) => /^sitemap-\d+\.xml$/.test(name))
        .map((name) => readFileSync(join(project.root, 'dist', name), 'utf8'))
        .join('');
      expect(sitemap).toContain(`${realSettings.SITE_URL}/case-studies/warehouse-cloud-move</loc>`);
      const size = spawnSync(process.execPath, ['scripts/size.ts', '--root', join(project.root, 'dist')], {
        cwd: repoRoot,
        env: toolEnv('production'),
        encoding: 'utf8',
      });
      expect(size.status, size.stdout + size.stderr).toBe(0);
    },
  );

  it('stops when a real quote would be shown on no page, naming the quote', { timeout: 600_000 }, () => {
    // The home page's proof band is the page that shows quotes linked to no case study; without it, Ruth Okafor's is nowhere.
    const home = join(project.root, 'content/pages/home.mdx');
    const text = readFileSync(home, 'utf8');
    const band = /^ {2}- type: proof\n(?: {4}.*\n)*/m;
    expect(text).toMatch(band);
    writeFileSync(home, text.replace(band, ''));
    const run = buildDeploy();
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(
      'content/testimonials/brightwater-finance.mdx:2:1 quote: this quote is shown on no page: it names no case study, and no page has a "Proof" section',
    );
    writeFileSync(home, text);
  });

  it("stops when a quote file repeats the case study's own quote, which its page would show twice", { timeout: 600_000 }, () => {
    writeFileSync(
      join(project.root, 'content/testimonials/tom-ellery.mdx'),
      '---\nquote: Every wave went live on the Monday morning as planned, and the warehouses never noticed.\nname: Tom Ellery\nrole: Head of Infrastructure\ncompany: Brightwater Wholesale Ltd\ncaseStudy: warehouse-cloud-move\n---\n',
    );
    const run = buildDeploy();
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(
      /content\/case-studies\/warehouse-cloud-move\.mdx:\d+:\d+ quote\.text: the same words are in content\/testimonials\/tom-ellery\.mdx, which links to this case study and is shown on its page: remove this quote/,
    );
  });
});
