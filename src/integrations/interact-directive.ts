import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Registers `client:interact`: an island hydrates on the visitor's first interaction with it
 * (pointer, touch, focus or key), so its framework code is never part of the page load.
 */
export function interactDirective(): AstroIntegration {
  return {
    name: 'interact-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interact',
          entrypoint: fileURLToPath(new URL('./interact-directive.client.ts', import.meta.url)),
        });
      },
    },
  };
}
