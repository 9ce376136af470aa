import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every HTML file of a finished build in `root` (a folder path), as full paths: what the post-build steps rewrite or read. */
export async function builtHtmlFiles(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html')).map((file) => join(root, file));
}
