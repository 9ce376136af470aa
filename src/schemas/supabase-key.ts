/**
 * Whether a Supabase API key may be built into the site, where every visitor can read it. Only a public key may:
 * a publishable key (sb_publishable_…) or a legacy anon key, a JWT whose payload says "role": "anon". A secret key
 * (sb_secret_…) or a JWT for any other role (service_role bypasses row level security) must never be.
 * Pure and free of Node-only imports, so build scripts, the build's key check (src/integrations/supabase-key-check.ts) and browser code can all use it.
 */

/** Where the browser's key comes from (src/config/supabase-project.ts). */
const publicKeyVariable = 'PUBLIC_SUPABASE_ANON_KEY';

const useInstead = "use the project's publishable key (sb_publishable_…) or the legacy anon key from Project Settings → API";

const base64url = /^[A-Za-z0-9_-]+$/;

/** One part of a JWT decoded to its JSON object, or undefined when it is not one. */
function jwtPart(part: string | undefined): Record<string, unknown> | undefined {
  if (part === undefined || !base64url.test(part)) return undefined;
  try {
    const binary = atob(
      part
        .replaceAll('-', '+')
        .replaceAll('_', '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why `key` must not be built into the site, as a message naming PUBLIC_SUPABASE_ANON_KEY; undefined when it is a
 * public key. Only the key's format and the role its JWT payload claims are read; the signature is not checked.
 */
export function publicKeyProblem(key: string): string | undefined {
  const value = key.trim();
  if (value.includes('sb_secret_')) {
    return `${publicKeyVariable} is a secret key, which bypasses row level security; ${useInstead}.`;
  }
  if (/^sb_publishable_[A-Za-z0-9_-]+$/.test(value)) return undefined;
  const parts = value.split('.');
  const header = parts.length === 3 ? jwtPart(parts[0]) : undefined;
  const payload = parts.length === 3 ? jwtPart(parts[1]) : undefined;
  if (!header || !payload || !base64url.test(parts[2]!)) {
    return `${publicKeyVariable} is neither a publishable key (sb_publishable_…) nor a legacy anon key (a JWT); ${useInstead}.`;
  }
  const role = payload.role;
  if (role === 'anon') return undefined;
  const found = typeof role === 'string' ? `the role ${JSON.stringify(role)}` : 'no role';
  return (
    `${publicKeyVariable} is a JWT for ${found}, not "anon": only the anon key may be built into the site ` +
    `(the service_role key bypasses row level security); ${useInstead}.`
  );
}
