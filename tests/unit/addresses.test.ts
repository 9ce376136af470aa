import { describe, expect, it } from 'vitest';
import {
  addressOfFile,
  lostAddresses,
  movedAddressProblems,
  readMovedAddresses,
  retiredTarget,
  siteAddresses,
  type ContentFile,
} from '../../src/content/addresses.ts';

const page = (path: string, frontmatter = 'order: 1') => ({ path, text: `---\n${frontmatter}\nnavLabel: A page\n---\n\nSome text.\n` });

const site: ContentFile[] = [
  page('content/pages/home.mdx'),
  page('content/pages/services.mdx'),
  page('content/services/installation.mdx'),
  page('content/services/security.mdx'),
  page('content/legal/privacy-policy.mdx'),
];

describe('the addresses a version of the site answers', () => {
  it('reads each content file as its address, as the routes make them', () => {
    expect(
      [
        'content/pages/home.mdx',
        'content/pages/about.mdx',
        'content/services/install.mdx',
        'content/legal/terms.mdx',
        'content/uploads/a.mdx',
        'src/x.mdx',
      ].map(addressOfFile),
    ).toEqual(['/', '/about', '/services/install', '/terms', undefined, undefined]);
  });

  it('counts a retired page as a redirect to where it sends its visitors, not as a page', () => {
    const retired = siteAddresses([...site.slice(0, 3), page('content/services/security.mdx', 'order: 7\nretiredTo: /services')]);
    expect(retired.pages.has('/services/security')).toBe(false);
    expect(retired.redirects.get('/services/security')).toBe('/services');
    expect(retiredTarget('---\ntitle: x\n---\n')).toBeUndefined();
  });

  it('counts the lines of content/redirects.yaml and the legacy paths as redirects', () => {
    const { redirects } = siteAddresses(site, '# moved pages\n/services/old: /services/installation\n');
    expect(redirects.get('/services/old')).toBe('/services/installation');
    expect(redirects.get('/services/outsourcing')).toBe('/services/services-outsourcing');
  });
});

describe('an address that stops answering', () => {
  it('a renamed file loses its old address, and the line to add names the new one', () => {
    const renamed = site.map((file) => (file.path.endsWith('installation.mdx') ? { ...file, path: 'content/services/install.mdx' } : file));
    expect(lostAddresses(siteAddresses(site), siteAddresses(renamed))).toEqual([
      { address: '/services/installation', line: '/services/installation: /services/install' },
    ]);
  });

  it('with that line in content/redirects.yaml, nothing is lost', () => {
    const renamed = site.map((file) => (file.path.endsWith('installation.mdx') ? { ...file, path: 'content/services/install.mdx' } : file));
    expect(lostAddresses(siteAddresses(site), siteAddresses(renamed, '/services/installation: /services/install\n'))).toEqual([]);
  });

  it('a removed file suggests its section overview; a retired page loses nothing', () => {
    const removed = site.filter((file) => !file.path.endsWith('security.mdx'));
    expect(lostAddresses(siteAddresses(site), siteAddresses(removed))).toEqual([{ address: '/services/security', line: '/services/security: /services' }]);
    const retired = [...removed, page('content/services/security.mdx', 'order: 7\nretiredTo: /services/installation')];
    expect(lostAddresses(siteAddresses(site), siteAddresses(retired))).toEqual([]);
  });

  it('a redirect removed from content/redirects.yaml is lost too', () => {
    expect(lostAddresses(siteAddresses(site, '/old: /services\n'), siteAddresses(site, ''))).toEqual([{ address: '/old', line: '/old: /<new-address>' }]);
  });

  it('an unchanged site loses nothing', () => {
    expect(lostAddresses(siteAddresses(site), siteAddresses(site))).toEqual([]);
  });
});

describe('content/redirects.yaml is checked line by line', () => {
  const addresses = siteAddresses([...site, page('content/services/bpo.mdx', 'order: 3\nretiredTo: /services')]);

  it('names the line of each wrong entry and what to write instead', () => {
    const { moved, problems } = readMovedAddresses(
      ['# Old addresses', '/services/old: /services/nope', '/services/security: /services', '/a: /services/bpo', '/b: /b', '/c: /services/installation'].join(
        '\n',
      ),
    );
    expect(problems).toEqual([]);
    expect(movedAddressProblems(moved, addresses)).toEqual([
      { line: 2, message: '/services/nope is not a page of this site: send the visitors of /services/old to a page that exists' },
      { line: 3, message: '/services/security is still a page of this site: remove this line (an address with a page needs no redirect)' },
      { line: 4, message: '/services/bpo is not a page but itself sends visitors to /services: write "/a: /services" instead' },
      { line: 5, message: '/b would send its visitors to itself: name the page they should reach instead' },
    ]);
  });

  it('refuses a line that is not "/old: /new", and a second line for the same address', () => {
    expect(readMovedAddresses('/a: /services\nservices/b: /services\n/a: /\n').problems).toEqual([
      { line: 2, message: 'is not a line of the form "/old-address: /new-address" (both addresses start with "/")' },
      { line: 3, message: 'says again where /a goes: keep one line for it' },
    ]);
    expect(readMovedAddresses('/a /services\n').problems.map((problem) => problem.line)).toEqual([1]);
  });
});

describe('the routes the tests visit', () => {
  it('leave out a retired page', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { siteRoutes } = await import('../../scripts/content/content-routes.ts');
    const root = mkdtempSync(join(tmpdir(), 'routes-'));
    try {
      for (const folder of ['pages', 'services', 'consulting', 'outsourcing', 'legal']) mkdirSync(join(root, folder));
      writeFileSync(join(root, 'services/kept.mdx'), page('', 'order: 1').text);
      writeFileSync(join(root, 'services/gone.mdx'), page('', 'order: 2\nretiredTo: /services').text);
      expect(siteRoutes(`${root}/`).filter((route) => route.startsWith('/services/'))).toEqual(['/services/kept']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
