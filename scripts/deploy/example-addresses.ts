/**
 * Addresses at domains set aside for examples (example.com, .test, .invalid…; src/config/settings.ts exampleDomain)
 * written into the content a production page shows: a link, an e-mail address or a profile no one can own. Found in the
 * content files with their file and line, for `npm run build:deploy` to refuse, as it refuses such a setting. A file
 * that is an example entry (`sample: true`) is refused as one already (deploy/samples.ts), so it is not listed twice.
 * Node only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { exampleDomain } from '../../src/config/settings.ts';
import { samplesIn } from './samples.ts';

export interface ExampleAddress {
  file: string;
  line: number;
  address: string;
}

/** A host name, with the URL scheme or e-mail local part that may come before it. */
const addressLike = /(?:https?:\/\/|[\w.+-]+@)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})/gi;

/** The example addresses in one content file's text. */
export function exampleAddressesIn(file: string, text: string): ExampleAddress[] {
  return text
    .split('\n')
    .flatMap((lineText, index) =>
      [...lineText.matchAll(addressLike)].filter((match) => exampleDomain.test(match[1]!)).map((match) => ({ file, line: index + 1, address: match[0] })),
    );
}

/** Every example address in the content files under `root`/content that are not example entries themselves. */
export function findExampleAddresses(root = process.cwd()): ExampleAddress[] {
  const content = join(root, 'content');
  if (!existsSync(content)) return [];
  return readdirSync(content, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(mdx|md|ya?ml)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
    .flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return samplesIn(file, text).length > 0 ? [] : exampleAddressesIn(file, text);
    });
}

export const exampleAddressProblem = ({ file, line, address }: ExampleAddress): string =>
  `${file}:${line} links to ${address}, an address at a domain set aside for examples that no one can own: write the real address, or remove the link.`;
