/**
 * `/admin/`, the address Decap CMS's own documentation gives writers, leads to the editor at `/admin` in
 * `astro dev` too (the site's URLs have no trailing slash, so Astro's dev server answers 404 for it; hosts
 * redirect it themselves: Cloudflare Pages sends `/admin/` to `/admin`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AstroIntegration } from 'astro';

export function adminSlash(): AstroIntegration {
  return {
    name: 'admin-slash',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'admin-slash',
                // Astro puts its trailing-slash check (a 404 for `/admin/`) first in the stack once the server is set up;
                // this plugin comes after Astro's and puts itself in front of it.
                enforce: 'post',
                configureServer: (server) => () => {
                  server.middlewares.stack.unshift({
                    route: '',
                    handle: (request: IncomingMessage, response: ServerResponse, next: () => void) => {
                      const url = new URL(request.url ?? '/', 'http://localhost');
                      if (url.pathname !== '/admin/') return next();
                      response.writeHead(301, { Location: `/admin${url.search}` });
                      response.end();
                    },
                  });
                },
              },
            ],
          },
        });
      },
    },
  };
}
