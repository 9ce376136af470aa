import { z } from 'astro/zod';

/**
 * A page on another site that a buyer opens to check a claim (a person's public profile, an issuer's verification
 * page): a full https address, so the visitor lands on the page itself, over a connection nobody can alter on the way.
 */
export const httpsLink = (example: string, missing?: string) =>
  z.string(missing ? { error: (issue) => (issue.input === undefined ? missing : undefined) } : undefined).superRefine((address, context) => {
    let url: URL | undefined;
    try {
      url = new URL(address);
    } catch {
      url = undefined;
    }
    if (url?.protocol === 'https:' && url.hostname.includes('.')) return;
    const secure = url?.protocol === 'http:' ? ` (write https:// instead of http://, if the site answers there)` : '';
    context.addIssue({
      code: 'custom',
      input: address,
      message: `"${address}" is not a full https address${secure}: copy the address from the browser's address bar, starting with https://, such as ${example}`,
    });
  });
