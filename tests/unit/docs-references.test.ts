/**
 * Every docs section a message or a doc names exists: `docs/PUBLISHING.md, "Step 6: the writers’ editor"`,
 * `docs/CONTENT.md ("Case studies, clients and quotes")` and `docs/CONTENT.md §7, "What page text may contain"`, as
 * written in the code (src/, scripts/, supabase/, editor/) and the docs, and the checklist steps the deploy's messages
 * build their references from (scripts/deploy/setting-homes.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishingSteps } from '../../scripts/deploy/setting-homes.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A doc's headings, without the numbers of numbered sections ("## 7. How a page file looks"). */
function headings(doc: string): Set<string> {
  const text = readFileSync(join(root, 'docs', doc), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (?:\d+\. )?(.+?)\s*$/gm)].map((match) => match[1]!));
}

const sources = ['src', 'scripts', 'supabase', 'editor', 'docs']
  .flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|mjs|md)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name)),
  )
  .concat(join(root, 'README.md'));

/** `docs/<FILE>.md, "…"`, `docs/<FILE>.md ("…")` and `docs/<FILE>.md §N, "…"` with a literal section name. */
const reference = /docs\/([A-Z]+\.md)(?: §\d+)?(?:,| \()\s*"([^"$]+)"/g;

describe('the docs sections that messages and docs name', () => {
  const found = sources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(reference)].map((match) => ({ where: relative(root, file), doc: match[1]!, section: match[2]! })),
  );

  it('exist, each as a heading of its doc', () => {
    expect(found.length).toBeGreaterThan(5);
    const missing = found.filter(({ doc, section }) => !headings(doc).has(section)).map(({ where, doc, section }) => `${where}: ${doc}, "${section}"`);
    expect(missing).toEqual([]);
  });

  it('include every checklist step the deploy’s messages name', () => {
    const publishing = headings('PUBLISHING.md');
    expect(Object.values(publishingSteps).filter((step) => !publishing.has(step))).toEqual([]);
  });
});
