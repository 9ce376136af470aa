/**
 * The /admin page: Decap CMS's shell, with a Content-Security-Policy of its own. Like the public pages' policy
 * (src/config/security.ts) it allows no inline styles but those it names by hash (Decap's <style> elements,
 * src/cms/build/decap-styles.ts); unlike it, string evaluation (see script-src), plus the GitHub API it reads and
 * writes through, and nothing else beyond the editor's own origin.
 */

import type { CmsSettings } from '../editor/decap-config.ts';

/** Where the GitHub backend connects (unless the build names another API), and where GitHub serves writers' avatars. */
const githubOrigins = { api: 'https://api.github.com', avatars: 'https://avatars.githubusercontent.com' } as const;

type AdminPageSettings = Pick<CmsSettings, 'localBackendUrl' | 'githubApiRoot'> & {
  /** The hashes of the <style> elements Decap writes (decapStyleHashes()). */
  styleHashes?: readonly string[];
};

function adminCsp({ localBackendUrl, githubApiRoot, styleHashes = [] }: AdminPageSettings): string {
  const local = localBackendUrl ? ` ${new URL(localBackendUrl).origin}` : '';
  const api = githubApiRoot ? new URL(githubApiRoot).origin : githubOrigins.api;
  return [
    "default-src 'self'",
    // Decap checks its configuration with ajv, which compiles each validator with `new Function`.
    "script-src 'self' 'unsafe-eval'",
    // No 'unsafe-inline': emotion fills empty <style> elements through the CSSOM, which the policy does not govern.
    ["style-src 'self'", ...styleHashes].join(' '),
    `img-src 'self' data: blob: ${githubOrigins.avatars}`,
    // Decap reads a file chosen for upload back through its blob: URL before saving it.
    `connect-src 'self' blob: ${api}${local}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function adminPage(settings: AdminPageSettings): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="content-security-policy" content="${adminCsp(settings)}">
<meta name="robots" content="noindex, nofollow">
<title>Content editor</title>
<link rel="cms-config-url" type="text/yaml" href="/admin/config.yml">
<script src="/admin/cms-setup.js"></script>
<script src="/admin/decap-cms.js"></script>
</head>
<body></body>
</html>
`;
}
