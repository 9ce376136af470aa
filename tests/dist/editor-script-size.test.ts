/**
 * Reads the editor as the build writes it (dist-editor/, npm test builds first): what /admin loads up front as the
 * project's own code stays within its budget (docs/ARCHITECTURE.md, "The editor's own script"), and the parts it
 * fetches later are all there, so the budget is never met by leaving one out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { editorPartUrl } from '../../src/cms/build/editor-script.ts';

const admin = join(import.meta.dirname, '../../dist-editor/admin');
const upFrontBudget = 120 * 1024;

describe("the editor's own script, as built", () => {
  const script = readFileSync(join(admin, 'cms-setup.js'));

  test(`loads at most ${upFrontBudget} B gzip up front`, () => {
    const bytes = gzipSync(script, { level: 9 }).length;
    console.log(`/admin/cms-setup.js: ${bytes} B gzip (budget ${upFrontBudget} B)`);
    expect(bytes).toBeLessThanOrEqual(upFrontBudget);
  });

  test('fetches only parts that the build wrote, each an ES module, the page-text parser and the paste converter among them', () => {
    const pattern = new RegExp(`${editorPartUrl('(?<name>[\\w-]+)').replaceAll('.', '\\.')}`, 'g');
    const fetched = new Set([...script.toString('utf8').matchAll(pattern)].map((match) => match.groups!.name!));
    const written = readdirSync(join(admin, 'cms-setup')).map((file) => file.replace(/\.js$/, ''));
    expect([...fetched].toSorted()).toEqual(written.toSorted());
    expect(written).toEqual(expect.arrayContaining(['browser-parser', 'paste-as-markdown']));
    for (const name of written) expect(readFileSync(join(admin, 'cms-setup', `${name}.js`), 'utf8'), name).toMatch(/\bexport\s*\{/);
  });
});
