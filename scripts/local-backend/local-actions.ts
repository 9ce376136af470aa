/**
 * The enquiry-action Edge Function on the local backend: the function's own handler
 * (supabase/functions/enquiry-action/handler.ts) against PGlite, at /functions/v1/enquiry-action as on Supabase.
 * Links are signed with the public development secret and open the dev site, so the links of the staff e-mails in
 * the local mail viewer work with no configuration.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { actionPageUrl } from '../../supabase/functions/_shared/enquiry-links.ts';
import { developmentLinkSecret, type LinkSettings } from '../../supabase/functions/_shared/link-settings.ts';
import { createActionHandler } from '../../supabase/functions/enquiry-action/handler.ts';
import { createSqlActionStore } from '../../supabase/functions/enquiry-action/sql-store.ts';
import { readOfficeStaff } from '../../supabase/functions/_shared/staff.ts';
import { localStaffDefaults } from './local-staff.ts';

export const enquiryActionPath = '/functions/v1/enquiry-action';

/** The link settings of `npm run dev`: the dev site (its first origin) and the development secret. */
export function localLinkSettings(siteOrigin: string): LinkSettings {
  return { pageUrl: actionPageUrl(siteOrigin), siteOrigin: new URL(siteOrigin).origin, secret: developmentLinkSecret };
}

/** Node's request as the Fetch API's, for the function's handler (its Host already checked to be this backend). */
function webRequest(req: IncomingMessage): Request {
  const headers = Object.entries(req.headersDistinct).flatMap(([name, values]) => (values ?? []).map((value): [string, string] => [name, value]));
  const body = req.method === 'GET' || req.method === 'HEAD' ? {} : { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' };
  return new Request(`http://${req.headers.host}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...body } as RequestInit);
}

export function createLocalActions(db: PGlite, links: LinkSettings) {
  // The offices' staff lists of local-staff.ts where the environment names none, so "I'll take it" links work.
  const staff = readOfficeStaff((name) => process.env[name] || localStaffDefaults[name]);
  if ('problems' in staff) console.error(`[enquiry-action] "I'll take it" links are refused: ${staff.problems.join('; ')}`);
  const handle = createActionHandler({
    settings: links,
    people: 'problems' in staff ? null : staff.people,
    store: createSqlActionStore(async <T>(sql: string, params: unknown[]) => (await db.query<T>(sql, params)).rows),
    log: (line) => console.error(line),
  });
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const response = await handle(webRequest(req));
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(await response.bytes());
  };
}
