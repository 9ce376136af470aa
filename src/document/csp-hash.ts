import { createHash } from 'node:crypto';

/** A Content-Security-Policy hash source for an inline script or style: `sha256-<base64>` of its exact text. */
export const cspHash = (text: string): `sha256-${string}` => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
