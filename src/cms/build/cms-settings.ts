/**
 * The editor's settings for this build or dev server, from the environment:
 * EDITOR_URL (the editor's own origin, src/config/editor-url.ts), CMS_GITHUB_REPO (owner/name of the repository writers' pull requests go to), CMS_AUTH_URL (the OAuth
 * proxy's base URL), CMS_GITHUB_API_ROOT (another GitHub API than api.github.com), DECAP_SERVER_PORT (decap-server's port under `npm run dev`, 8081 by default).
 */
import { SITE_URL } from '../../config/site-url.ts';
import { EDITOR_URL } from '../../config/editor-url.ts';
import { localEditorBackendPort } from '../../config/local-editor-backend.ts';
import { defaultGithubRepo, type CmsSettings } from '../editor/decap-config.ts';

export function cmsSettings(): CmsSettings {
  return {
    siteUrl: SITE_URL,
    editorUrl: EDITOR_URL,
    githubRepo: process.env.CMS_GITHUB_REPO || defaultGithubRepo,
    authUrl: process.env.CMS_AUTH_URL || undefined,
    githubApiRoot: process.env.CMS_GITHUB_API_ROOT || undefined,
    // Only `astro dev` offers the local backend; a built site signs writers in with GitHub.
    localBackendUrl: import.meta.env.DEV ? `http://127.0.0.1:${localEditorBackendPort()}/api/v1` : undefined,
  };
}
