/**
 * The editor's local backend: decap-server's own file-system middleware (what `npx decap-server` runs), so the editor
 * at /admin reads and writes content/ in `root` with no GitHub account. It writes files only (no branches or commits).
 * decap-server alone would serve its whole root to any local page and any Host; here it is rooted at content/ and
 * stands behind editor-backend-guard.ts, on 127.0.0.1 only.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import type { Express, NextFunction, Request, Response } from 'express';
import {
  answerInRepository,
  contentFolder,
  devSiteOrigins,
  editorActions,
  pathProblem,
  pathsOf,
  paramsInContent,
  requestSourceProblem,
  uploadsProblem,
} from './editor-backend-guard.ts';
import { localEditorBackendPort } from '../../src/config/local-editor-backend.ts';

export interface DecapServer {
  url: string;
  close: () => Promise<void>;
}

// decap-server's Express (4) and middleware, as its own server loads them.
const fromDecapServer = createRequire(createRequire(import.meta.url).resolve('decap-server'));
const express = fromDecapServer('express') as typeof import('express');
const { registerLocalFs } = fromDecapServer('./middlewares.js') as {
  registerLocalFs: (app: Express, options: { logLevel: string }) => Promise<void>;
};

/** Answers when something listening on `port` replies to decap-server's `info` action (asked from `origin`, if given). */
async function decapServerAnswers(port: number, { origin }: { origin?: string } = {}): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(origin && { Origin: origin }) },
      body: JSON.stringify({ action: 'info' }),
      signal: AbortSignal.timeout(1000),
    });
    return Array.isArray(((await response.json()) as { publish_modes?: unknown }).publish_modes);
  } catch {
    return false;
  }
}

const refuse = (res: Response, status: number, error: string) => res.status(status).json({ error });

function checkSource(port: number, siteOrigins: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.vary('Origin');
    const problem = requestSourceProblem({ host: req.headers.host, origin: req.headers.origin, port, siteOrigins });
    if (problem) return refuse(res, 403, problem);
    if (req.headers.origin) res.set('Access-Control-Allow-Origin', req.headers.origin);
    if (req.method !== 'OPTIONS') return next();
    res.set({ 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '600' });
    return res.status(204).end();
  };
}

/** Lets through only the editor's actions on paths inside content/, handing decap-server those paths relative to content/. */
function checkAction(root: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const body = req.body as { action?: unknown; params?: unknown } | undefined;
    if (typeof body?.action !== 'string')
      return refuse(res, 400, 'The local editor backend expects a JSON body { "action": …, "params": … } with Content-Type: application/json.');
    const { action, params } = body;
    const paths = pathsOf(action, params);
    if (!paths) return refuse(res, 403, `The local editor backend does not offer the action "${action}"; it offers ${editorActions.join(', ')}.`);
    for (const path of paths) {
      const problem = await pathProblem(root, path);
      if (problem) return refuse(res, 403, problem);
    }
    // A file the site cannot show is not written to content/uploads/, whatever sent it.
    const upload = uploadsProblem(action, params);
    if (upload) return refuse(res, 422, upload);
    req.body = { ...body, params: paramsInContent(action, params) };
    const toRepository = action === 'info' ? (answer: unknown) => ({ ...(answer as object), repo: basename(root) }) : answerInRepository[action];
    if (toRepository) {
      const json = res.json.bind(res);
      res.json = (answer: unknown) => json(res.statusCode < 400 ? toRepository(answer) : answer);
    }
    return next();
  };
}

export async function startDecapServer({ root, port, siteOrigins }: { root: string; port: number; siteOrigins: readonly string[] }): Promise<DecapServer> {
  const app = express();
  app.disable('x-powered-by');
  app.use(checkSource(port, siteOrigins));
  const guard = checkAction(root);
  app.post('/api/v1', express.json({ limit: '50mb' }), (req, res, next) => void guard(req, res, next).catch(next));
  // decap-server adds its own CORS (any localhost origin), JSON parser and API after the checks above. It reads its
  // root from GIT_REPO_DIRECTORY while it registers (synchronously, before its first await).
  const previous = process.env.GIT_REPO_DIRECTORY;
  process.env.GIT_REPO_DIRECTORY = join(root, contentFolder);
  void registerLocalFs(app, { logLevel: 'warn' });
  if (previous === undefined) delete process.env.GIT_REPO_DIRECTORY;
  else process.env.GIT_REPO_DIRECTORY = previous;
  app.use((_req: Request, res: Response) => refuse(res, 404, 'The local editor backend answers POST /api/v1 only.'));
  app.use((error: { status?: number; message?: string }, _req: Request, res: Response, _next: NextFunction) =>
    refuse(res, error.status ?? 500, `The local editor backend could not read this request: ${error.message ?? 'unknown error'}.`),
  );

  const server = app.listen(port, '127.0.0.1');
  await once(server, 'listening').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`The editor's local backend could not listen on 127.0.0.1:${port} (${error.code ?? error.message}).`);
  });
  const close = async () => {
    const closed = once(server, 'close');
    server.close().closeAllConnections();
    await closed;
  };
  return { url: `http://127.0.0.1:${port}/api/v1`, close };
}

/** decap-server, so the editor at /admin saves to content/ with no GitHub account; one that already answers is reused. */
export async function startEditorBackend(sitePort: number): Promise<DecapServer | undefined> {
  const decapPort = localEditorBackendPort();
  if (await decapServerAnswers(decapPort)) {
    console.log(`[cms] decap-server already answers on port ${decapPort}; /admin will use it.`);
    if (await decapServerAnswers(decapPort, { origin: 'http://localhost:1' })) {
      console.warn(
        `[cms] Warning: the decap-server on port ${decapPort} answers any local page and reads and writes outside content/ (a plain \`npx decap-server\`?). Stop it and run npm run dev again for one confined to content/.`,
      );
    }
    return undefined;
  }
  try {
    const decapServer = await startDecapServer({ root: process.cwd(), port: decapPort, siteOrigins: devSiteOrigins(sitePort) });
    console.log(`[cms] Editor at /admin saves to content/ (nothing else) through decap-server on ${decapServer.url}, for pages on port ${sitePort}.`);
    return decapServer;
  } catch (error) {
    console.error(`[cms] ${(error as Error).message}: /admin will not be able to save.`);
    return undefined;
  }
}
