import type { IntentOptions } from './lib/hydrate-on-intent.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on the visitor's first focus, pointer or key down inside the island (src/lib/hydrate-on-intent.ts). */
    'client:intent'?: IntentOptions | boolean;
  }
}
