/**
 * The spell check of `npm test` (`npm run spell`: cspell with cspell.config.yaml), run as CI runs it on a copy of the
 * project: an American spelling in a page's title and in a component's visible text, and a misspelt word in a page's
 * text, each fail it with the file, line and column and what to write instead (and, through CI's problem matcher, an
 * annotation on that line); a page's address and the components' class names are not words; with the words fixed, or
 * a right word added to the project's word list, it passes.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { appendFile, cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';

const run = promisify(execFile);
let project: Awaited<ReturnType<typeof copyProject>>;

const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const matcher = JSON.parse(readFileSync(join(repoRoot, '.github/cspell-problem-matcher.json'), 'utf8')).problemMatcher[0].pattern[0];

/** The annotations GitHub makes of the output with CI's problem matcher: "file:line:col message". */
const annotations = (output: string) =>
  output.split('\n').flatMap((line) => {
    const match = new RegExp(matcher.regexp).exec(line);
    return match ? [`${match[matcher.file]}:${match[matcher.line]}:${match[matcher.column]} ${match[matcher.message]}`] : [];
  });

/** The check as `npm test` runs it (the package's `spell` script); resolves with its exit code and output. */
async function spell() {
  try {
    const env = toolEnv('production', { PATH: `${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH}` });
    const { stdout, stderr } = await run('sh', ['-c', scripts.spell!], { cwd: project.root, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const page = 'content/consulting/process-optimization.mdx';
/** The line of `page` the first test writes in American spelling, which the second writes back. */
let americanLine = 0;
const component = 'src/pages/404.astro';
const text = (file: string) => readFile(join(project.root, file), 'utf8');
const write = (file: string, content: string) => writeFile(join(project.root, file), content);

/** Line and column (1-based) of the first `word` on the first line matching `line`. */
function positionOf(source: string, line: RegExp, word: string): { line: number; col: number } {
  const index = source.split('\n').findIndex((text) => line.test(text));
  expect(index, `a line matching ${line}`).toBeGreaterThanOrEqual(0);
  return { line: index + 1, col: source.split('\n')[index]!.indexOf(word) + 1 };
}

beforeAll(async () => {
  project = await copyProject('spelling-');
  for (const entry of ['spelling', 'cspell.config.yaml']) await cp(join(repoRoot, entry), join(project.root, entry), { recursive: true });
});

afterAll(() => project?.remove());

it(
  'American spellings in a title and in a component, and a misspelt word, fail the check with file, line and the word to write',
  { timeout: 180_000 },
  async () => {
    // The page's first title with "Optimisation" (its address, /consulting/process-optimization, stays as it is).
    const original = await text(page);
    const title = positionOf(original, /^\s*title: .*Optimisation/, 'Optimisation');
    americanLine = title.line;
    const lines = original.split('\n');
    lines[title.line - 1] = lines[title.line - 1]!.replace('Optimisation', 'Optimization');
    // A misspelt word in the page's text, on a line of its own at the end.
    lines.push('', 'Our consutlants map each process.');
    await write(page, lines.join('\n'));
    const typo = { line: lines.length, col: 5 };
    // Visible text in a component, on an element whose classes (items-center, text-center) are no words.
    const source = await text(component);
    await write(component, source.replace('may have moved', 'may have been reorganized'));
    const visible = positionOf(await text(component), /reorganized/, 'reorganized');

    const { code, output } = await spell();
    expect(code).toBe(1);
    // On the pull request, an annotation on each line, and nothing else: addresses, class names and the rest pass.
    const made = annotations(output);
    expect(made, output).toHaveLength(3);
    for (const start of [
      `${page}:${title.line}:${title.col} Forbidden word "Optimization" fix: (Optimisation) (suggestions: Optimisation*`,
      `${component}:${visible.line}:${visible.col} Forbidden word "reorganized" fix: (reorganised) (suggestions: reorganised*`,
      `${page}:${typo.line}:${typo.col} Unknown word "consutlants"  (suggestions: consultants`,
    ])
      expect(
        made.some((line) => line.startsWith(start)),
        `${start}\n${output}`,
      ).toBe(true);
    expect(output).toContain('Issues found: 3 in 2 files.');
  },
);

it('with the British spellings written and a right word added to the word list, the check passes', { timeout: 180_000 }, async () => {
  // Back on the line the first test changed: the offer's proper name, "Business Process Optimization", stays.
  const lines = (await text(page)).split('\n');
  lines[americanLine - 1] = lines[americanLine - 1]!.replace('Optimization', 'Optimisation');
  lines[lines.length - 1] = 'Our Consultix consultants map each process.';
  await write(page, lines.join('\n'));
  await write(component, (await text(component)).replace('reorganized', 'reorganised'));
  // A product's name the dictionary lacks is right: the writer adds it to the word list.
  await appendFile(join(project.root, 'spelling/words.txt'), 'Consultix\n');
  const { code, output } = await spell();
  expect(output).toMatch(/Files checked: \d+, Issues found: 0 in 0 files\./);
  expect(code).toBe(0);
});
