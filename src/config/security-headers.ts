/**
 * HTTP headers for static hosts (written to dist/_headers, the Netlify and Cloudflare Pages format;
 * docs/PUBLISHING.md shows the same for other hosts). The Content-Security-Policy allows only this site
 * and the Supabase project; inline scripts (Astro's island loader) are allowed by their hashes.
 */

export interface HeaderRule {
  /** A path pattern: `/*` for every page, `/_astro/*` for hashed assets. */
  path: string;
  headers: Record<string, string>;
}

export function contentSecurityPolicy(options: { scriptHashes: readonly string[]; supabaseUrl: string }): string {
  const supabase = new URL(options.supabaseUrl).origin;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...options.scriptHashes.map((hash) => `'${hash}'`)],
    // Sonner injects its stylesheet at run time and a few components set widths inline.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", supabase],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (supabase.startsWith('https:')) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

export function headerRules(options: { scriptHashes: readonly string[]; supabaseUrl: string }): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: {
        'Content-Security-Policy': contentSecurityPolicy(options),
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
        'X-Content-Type-Options': 'nosniff',
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
        'Cross-Origin-Opener-Policy': 'same-origin',
      },
    },
    { path: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    { path: '/icons.svg', headers: { 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' } },
  ];
}

/** Netlify / Cloudflare Pages `_headers` text. */
export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return rules.map((rule) => [rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n') + '\n';
}

/** Parses `_headers` text back into rules (used by the local static server and the tests). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else {
      const separator = line.indexOf(':');
      const rule = rules.at(-1);
      if (rule && separator > 0) rule.headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
    }
  }
  return rules;
}

export function matchesHeaderPath(pattern: string, path: string): boolean {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}
