/**
 * A local stand-in for GitHub, for the editor's sign-in test: github.com's OAuth pages (`/login/oauth/authorize`,
 * which sends the browser back to the site's callback with a code, as GitHub does for an app already authorised,
 * and `/login/oauth/access_token`, which trades that code for a token), and under `/api` the few api.github.com
 * endpoints Decap CMS's GitHub backend calls on sign-in (the user, the repository with the writer's permissions).
 * Anything else under `/api` answers 404 as GitHub does for a missing file or branch; every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';

export interface StandInRequest {
  method: string;
  path: string;
  authorization?: string;
}

export interface GithubStandIn {
  origin: string;
  /** What the site's Functions take as GITHUB_OAUTH_URL, and the editor as its api_root. */
  apiRoot: string;
  token: string;
  requests: StandInRequest[];
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
  response.end(JSON.stringify(body));
};

async function bodyOf(request: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return request.headers['content-type']?.includes('json') ? (JSON.parse(text) as Record<string, string>) : Object.fromEntries(new URLSearchParams(text));
}

export async function startGithubStandIn({
  clientId,
  clientSecret,
  repo,
  port,
}: {
  clientId: string;
  clientSecret: string;
  repo: string;
  port: number;
}): Promise<GithubStandIn> {
  const token = 'gho_standInToken0123456789';
  const code = 'stand-in-code';
  const requests: StandInRequest[] = [];
  const login = 'writer';

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push({ method: request.method ?? 'GET', path: url.pathname + url.search, authorization: request.headers.authorization });

    if (url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      if (url.searchParams.get('client_id') !== clientId) return json(response, 404, { message: 'Not Found' });
      back.search = new URLSearchParams({ code, state: url.searchParams.get('state') ?? '' }).toString();
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      const body = await bodyOf(request);
      const valid = body.client_id === clientId && body.client_secret === clientSecret && body.code === code;
      // GitHub answers a wrong code with status 200 and an error in the body.
      return json(
        response,
        200,
        valid
          ? { access_token: token, token_type: 'bearer', scope: 'repo' }
          : { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' },
      );
    }
    if (url.pathname.startsWith('/api/')) {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
        });
        return response.end();
      }
      if (request.headers.authorization !== `token ${token}`) return json(response, 401, { message: 'Bad credentials' });
      const path = url.pathname.slice('/api'.length);
      if (path === '/user') return json(response, 200, { login, name: 'Stand-in Writer', id: 1 });
      if (path === `/repos/${repo}`) {
        return json(response, 200, {
          full_name: repo,
          owner: { login: repo.split('/')[0] },
          default_branch: 'main',
          permissions: { admin: false, push: true, pull: true },
        });
      }
      if (path === `/repos/${repo}/pulls`) return json(response, 200, []);
      return json(response, 404, { message: 'Not Found' });
    }
    json(response, 404, { message: 'Not Found' });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    apiRoot: `${origin}/api`,
    token,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
