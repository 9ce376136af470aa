/** Cloudflare Pages Function: GET /admin/callback finishes a writer's GitHub sign-in (src/cms/workers/github-oauth.ts). */
import { finishGithubSignIn, type OAuthEnv } from '../../../src/cms/workers/github-oauth.ts';

export const onRequestGet = ({ request, env }: { request: Request; env: OAuthEnv }) => finishGithubSignIn(request, env);
