/**
 * The pull-request check that no address stops answering: every address the base branch answers (a page, or a
 * redirect) is still a page or a redirect in the head. Counted from the content files alone
 * (src/content/addresses.ts), read from git at both commits, so a rename in GitHub's web editor counts too. Run with --help.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { lostAddresses, movedAddressesFile, siteAddresses, type ContentFile, type SiteAddresses } from '../src/content/addresses.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    head: { type: 'string', default: 'HEAD' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(`Usage: node scripts/check-addresses.ts --base <ref> [--head <ref>]

Fails (exit 1) when an address the site answers at the merge base of <ref> (default origin/main) and the
head (default HEAD) is neither a page nor a redirect any more, naming the line to add to ${movedAddressesFile}.
docs/CONTENT.md §4 says which addresses count and how to keep them.`);
  process.exit(0);
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The addresses of the site at commit `ref`, from its content files. */
function addressesAt(ref: string): SiteAddresses {
  const paths = git('ls-tree', '-r', '--name-only', ref, '--', 'content/')
    .split('\n')
    .filter((path) => /^content\/[^/]+\/[^/]+\.mdx$/.test(path));
  const files: ContentFile[] = paths.map((path) => ({ path, text: git('show', `${ref}:${path}`) }));
  const moved = git('ls-tree', '--name-only', ref, '--', movedAddressesFile).trim() ? git('show', `${ref}:${movedAddressesFile}`) : '';
  return siteAddresses(files, moved);
}

try {
  const head = git('rev-parse', '--verify', `${values.head}^{commit}`).trim();
  const base = git('merge-base', values.base ?? 'origin/main', head).trim();
  const lost = lostAddresses(addressesAt(base), addressesAt(head));
  if (lost.length === 0) {
    console.log(`Addresses: every address of ${base.slice(0, 7)} still answers at ${head.slice(0, 7)}.`);
    process.exit(0);
  }
  for (const { address, line } of lost) {
    const message = `${address} no longer answers: its page was renamed, moved or removed. Add this line to ${movedAddressesFile} to send its visitors on: ${line}`;
    // Under GitHub Actions the pull request shows it as an annotation on the redirects file.
    if (process.env.GITHUB_ACTIONS === 'true') console.log(`::error file=${movedAddressesFile},title=An address stops answering::${message}`);
    console.error(message);
  }
  console.error(
    `\n${lost.length} address${lost.length === 1 ? '' : 'es'} would stop answering. Add the line${lost.length === 1 ? '' : 's'} above (with the right new address), or retire the page instead of deleting it (docs/CONTENT.md §4).`,
  );
  process.exit(1);
} catch (error) {
  console.error(`check-addresses: ${(error as Error).message}`);
  process.exit(2);
}
