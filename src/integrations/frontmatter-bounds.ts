/**
 * `astro build`, `astro sync` and `astro check` refuse a content file whose frontmatter is out of bounds
 * (src/schemas/yaml-bounds.ts) as soon as the configuration is read, before Vite starts: a pull request with an alias
 * bomb fails in seconds, naming the file and line. The content loader (src/content/content-loader.ts) refuses the same
 * files again when it reads them, which is what `astro dev` relies on: there a file saved out of bounds shows its
 * message and the server stays up. Build time only (Node).
 */
import type { AstroIntegration } from 'astro';
import { globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentProblem } from '../content/build-errors.ts';
import { frontmatterBounds } from '../schemas/yaml-bounds.ts';

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
      'astro:config:setup': ({ command, config }) => {
        if (command === 'dev' || command === 'preview') return;
        const problem = outOfBoundsContent(fileURLToPath(config.root));
        if (problem) throw problem;
      },
    },
  };
}
