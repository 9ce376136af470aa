/**
 * A content file whose frontmatter is out of bounds (src/schemas/yaml-bounds.ts) is refused before any parser reads it:
 * - `astro build`, `astro sync` and `astro check` stop as soon as the configuration is read, before Vite starts, so a
 *   pull request with an alias bomb fails in seconds, naming each file and line;
 * - in `astro dev`, the content loader (src/content/content-loader.ts) refuses a file saved out of bounds, and Vite's
 *   loading of the file for a page is refused before the MDX plugin's transform parses its frontmatter (a `load`
 *   hook runs before every `transform`), so the page shows the message and the server stays up.
 * Build time only (Node).
 */
import type { AstroIntegration } from 'astro';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentProblem } from '../content/build-errors.ts';
import { frontmatterBounds } from '../schemas/yaml-bounds.ts';

/** The build's error for `file` (absolute) if its frontmatter is out of bounds. */
function fileOutOfBounds(file: string, name = relative(process.cwd(), file)): Error | undefined {
  const problems = frontmatterBounds(readFileSync(file, 'utf8'));
  if (problems.length === 0) return undefined;
  return contentProblem(
    name,
    problems.map((problem) => `${name}:${problem.line}:${problem.column} ${problem.text}`),
    problems[0],
    file,
  );
}

/** In `astro dev`: a page's MDX file out of bounds is refused before the MDX plugin parses its frontmatter. */
const refuseOutOfBoundsFiles = (contentFolder: string) => ({
  name: 'frontmatter-bounds',
  enforce: 'pre' as const,
  load(id: string): undefined {
    const file = id.split('?')[0]!;
    if (!file.startsWith(contentFolder) || !file.endsWith('.mdx') || !existsSync(file)) return;
    const problem = fileOutOfBounds(file);
    if (problem) throw problem;
  },
});

/** Every content file out of bounds under `root`, as one build error naming each file and line, or undefined. */
export function outOfBoundsContent(root: string): Error | undefined {
  const found = globSync('content/**/*.mdx', { cwd: root })
    .toSorted()
    .flatMap((path) => {
      const file = join(root, path);
      const name = relative(process.cwd(), file);
      return frontmatterBounds(readFileSync(file, 'utf8')).map((problem) => ({ file, name, problem }));
    });
  if (found.length === 0) return undefined;
  const [{ file, name, problem }] = found as [(typeof found)[number]];
  const lines = found.map((each) => `${each.name}:${each.problem.line}:${each.problem.column} ${each.problem.text}`);
  return contentProblem(name, lines, problem, file);
}

export function frontmatterBoundsCheck(): AstroIntegration {
  return {
    name: 'kalpaka-frontmatter-bounds',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        updateConfig({ vite: { plugins: [refuseOutOfBoundsFiles(fileURLToPath(new URL('content/', config.root)))] } });
        if (command === 'dev' || command === 'preview') return;
        const problem = outOfBoundsContent(fileURLToPath(config.root));
        if (problem) throw problem;
      },
    },
  };
}
