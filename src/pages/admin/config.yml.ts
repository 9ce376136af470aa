/** Decap CMS's configuration, generated from the content schemas (src/cms/editor/decap-config.ts). */
import type { APIRoute } from 'astro';
import { stringify } from 'yaml';
import { decapConfig } from '../../cms/editor/decap-config.ts';
import { cmsSettings } from '../../cms/build/cms-settings.ts';

export const GET: APIRoute = () =>
  new Response(
    `# Generated from src/schemas/ by src/pages/admin/config.yml.ts: edit those, not this file.\n${stringify(decapConfig(cmsSettings()), { lineWidth: 0 })}`,
    {
      headers: { 'Content-Type': 'text/yaml; charset=utf-8' },
    },
  );
