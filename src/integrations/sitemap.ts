/**
 * The sitemap lists the pages to index: not the forwarding pages of redirected addresses (legacy paths, retired
 * pages, content/redirects.yaml: src/content/addresses.ts), the not-found page, the writers' editor or the staff page
 * the staff e-mail's links open.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import sitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { movedAddressesFile, siteAddresses } from '../content/addresses.ts';

/** The redirected addresses as the content files on disk say, read once when the sitemap is written. */
function redirectedAddresses(): string[] {
  const files = readdirSync('content', { withFileTypes: true })
    .filter((folder) => folder.isDirectory())
    .flatMap((folder) => readdirSync(`content/${folder.name}`).map((name) => `content/${folder.name}/${name}`))
    .filter((path) => path.endsWith('.mdx'))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const moved = existsSync(movedAddressesFile) ? readFileSync(movedAddressesFile, 'utf8') : '';
  return [...siteAddresses(files, moved).redirects.keys()];
}

export const siteMap = (): AstroIntegration => {
  let notIndexed: string[] | undefined;
  return sitemap({
    filter: (page) => {
      notIndexed ??= ['/404', '/admin', '/staff/enquiry', ...redirectedAddresses()];
      return !notIndexed.some((path) => page.endsWith(path));
    },
  });
};
