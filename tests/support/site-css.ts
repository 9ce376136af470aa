/**
 * The site's whole stylesheet, before any page takes its share: src/styles/global.css compiled by Tailwind
 * with the class names of the sources it names, as the Vite plugin does for the build. The page CSS tests
 * compare each page's own stylesheet with it.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';

export async function wholeSiteCss(): Promise<string> {
  const stylesheet = resolve('src/styles/global.css');
  const compiler = await compile(await readFile(stylesheet, 'utf8'), { base: resolve('src/styles'), onDependency: () => {} });
  const candidates = new Scanner({ sources: compiler.sources }).scan();
  return optimize(compiler.build(candidates), { minify: true }).code;
}
