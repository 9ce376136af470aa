/** Cloudflare Pages Function: GET /admin/auth starts a writer's GitHub sign-in for the editor (src/cms/workers/github-oauth.ts). */
import { startGithubSignIn, type OAuthEnv } from '../../../src/cms/workers/github-oauth.ts';

export const onRequestGet = ({ request, env }: { request: Request; env: OAuthEnv }) => startGithubSignIn(request, env);
