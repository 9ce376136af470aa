/** `client:intent`: an island loads its code on the visitor's first focus, pointer or key down inside it (src/enquiry/hydrate-on-intent.ts). */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { clientDirectives } from '../config/client-directives.ts';

export function clientIntent(): AstroIntegration {
  return {
    name: 'client-intent',
    hooks: {
      'astro:config:setup': ({ addClientDirective, config }) => {
        for (const [name, entrypoint] of Object.entries(clientDirectives))
          addClientDirective({ name, entrypoint: fileURLToPath(new URL(entrypoint, config.root)) });
      },
    },
  };
}
