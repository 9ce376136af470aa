/**
 * The enquiry-action function behind the staff e-mail's links, as staff and strangers reach it: on the local backend
 * (its handler on PGlite, through HTTP) and, with DATABASE_URL, the Edge Function itself under Deno on PostgreSQL 15.
 * A valid link answers its enquiry once; the same link again, another enquiry's link, an altered signature or action,
 * an expired link and a GET change nothing and say why; its own change can be undone from the page, once, within the
 * window; visitors can neither read nor change states through the REST API.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSupabaseAnonKey } from '../../src/config/local-supabase.ts';
import { startLocalBackend, type LocalBackend } from '../../scripts/local-backend.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import { enquiryActionPath } from '../../scripts/local-backend/local-actions.ts';
import { localStaffDefaults } from '../../scripts/local-backend/local-staff.ts';
import { readOfficeStaff } from '../../supabase/functions/_shared/staff.ts';
import { httpRequest, loopbackAddress } from '../support/loopback-http.ts';
import { actionLink, linkLifetimeSeconds, type EnquiryAction } from '../../supabase/functions/_shared/enquiry-links.ts';
import { developmentLinkSecret } from '../../supabase/functions/_shared/link-settings.ts';
import { createActionHandler, defaultChangedBy } from '../../supabase/functions/enquiry-action/handler.ts';
import type { ActionStore, EnquiryEvent, UndoResult } from '../../supabase/functions/enquiry-action/types.ts';
import { serveFunction, type RunningFunction } from '../support/deno-function.ts';
import { openMigrated, openThrowawayPostgres, queryAs, type TestDatabase } from './support/test-databases.ts';

const siteOrigin = 'http://localhost:4321';
const pageUrl = `${siteOrigin}/staff/enquiry`;

interface StoredState {
  state: string;
  state_changed_by: string | null;
  state_changed_at: string | null;
}

interface Target {
  label: string;
  /** The function's URL. */
  url: string;
  secret: string;
  /** Stores an enquiry as a visitor would, and returns its id. */
  store(company: string | null): Promise<string>;
  stateOf(id: string): Promise<StoredState>;
  close(): Promise<void>;
}

let visitor = 0;

async function localTarget(): Promise<Target> {
  const backend: LocalBackend = await startLocalBackend({ port: 0, dataDir: 'memory://', siteOrigins: [siteOrigin, 'http://127.0.0.1:4321'] });
  const service = { apikey: localSupabaseServiceRoleKey, authorization: `Bearer ${localSupabaseServiceRoleKey}` };
  return {
    label: 'the local backend (PGlite)',
    url: `${backend.url}${enquiryActionPath}`,
    secret: developmentLinkSecret,
    async store(company) {
      const id = randomUUID();
      const row = { id, name: 'Asha Rao', email: `asha.${id.slice(0, 8)}@example.com`, company, phone: null, service: 'IT Consulting', message: 'Call me.' };
      const reply = await httpRequest(`${backend.url}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: { apikey: localSupabaseAnonKey, authorization: `Bearer ${localSupabaseAnonKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(row),
        localAddress: loopbackAddress(visitor++),
      });
      expect(reply.status).toBe(201);
      return id;
    },
    async stateOf(id) {
      const reply = await httpRequest(`${backend.url}/rest/v1/contact_submissions?select=state,state_changed_by,state_changed_at&id=eq.${id}`, {
        headers: service,
      });
      return (JSON.parse(reply.body) as StoredState[])[0]!;
    },
    close: () => backend.close(),
  };
}

async function denoTarget(): Promise<Target> {
  const { db } = await openMigrated(() => openThrowawayPostgres(process.env.DATABASE_URL!));
  const secret = randomBytes(32).toString('hex');
  const fn: RunningFunction = await serveFunction('supabase/functions/enquiry-action/index.ts', {
    SITE_URL: siteOrigin,
    ENQUIRY_LINK_SECRET: secret,
    SUPABASE_DB_URL: db.url,
    // The same people as the local backend's, so one test reads both.
    ...localStaffDefaults,
  });
  return {
    label: 'the Edge Function under Deno (PostgreSQL)',
    url: fn.url,
    secret,
    async store(company) {
      const id = randomUUID();
      await queryAs(
        db as TestDatabase,
        'anon',
        `insert into public.contact_submissions (id, name, email, company, message) values ($1, 'Asha Rao', $2, $3, 'Call me.')`,
        [id, `asha.${id.slice(0, 8)}@example.com`, company],
      );
      return id;
    },
    async stateOf(id) {
      const [row] = await queryAs<StoredState>(
        db,
        'service_role',
        'select state, state_changed_by, state_changed_at from public.contact_submissions where id = $1',
        [id],
      );
      return row!;
    },
    async close() {
      await fn.kill();
      await db.close();
    },
  };
}

const targets: Array<{ label: string; open: () => Promise<Target> }> = [
  { label: 'the local backend (PGlite)', open: localTarget },
  ...(process.env.DATABASE_URL ? [{ label: 'the Edge Function under Deno (PostgreSQL)', open: denoTarget }] : []),
];

/** A link's parameters, as the page reads them from its address. */
const paramsOf = (link: string) => Object.fromEntries(new URL(link).searchParams);

describe.each(targets)('the enquiry-action function on $label', ({ open }) => {
  let target: Target;
  beforeAll(async () => {
    target = await open();
  });
  afterAll(async () => {
    await target?.close();
  });

  const link = (id: string, action: EnquiryAction = 'answered', now = new Date()) => actionLink(pageUrl, id, action, target.secret, now);

  async function post(body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  it('shows the enquiry for a valid link and changes nothing; the button records it once, with the name typed', async () => {
    const id = await target.store('Acme Pvt Ltd');
    const answered = paramsOf(await link(id));

    const preview = await post({ ...answered, confirm: false });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ outcome: 'open', action: 'answered', state: 'new', enquiry: { name: 'Asha Rao', company: 'Acme Pvt Ltd' } });
    const enquiry = preview.body.enquiry as { ageSeconds: number; receivedAt: string };
    expect(enquiry.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(enquiry.ageSeconds).toBeLessThan(600);
    // Nothing the staff e-mail did not show: no e-mail address, phone or message.
    expect(Object.keys(enquiry).sort()).toEqual(['ageSeconds', 'company', 'name', 'receivedAt']);
    expect(await target.stateOf(id)).toMatchObject({ state: 'new', state_changed_by: null });

    const recorded = await post({ ...answered, confirm: true, by: '  Priya\r\nSharma ' });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ outcome: 'recorded', state: 'answered', changedBy: 'Priya Sharma' });
    expect(await target.stateOf(id)).toMatchObject({ state: 'answered', state_changed_by: 'Priya Sharma' });

    // The same link again changes nothing and says who answered.
    const again = await post({ ...answered, confirm: true, by: 'Someone else' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ outcome: 'already', state: 'answered', changedBy: 'Priya Sharma' });
    expect(String(again.body.message)).toMatch(/already marked answered.*works only once/);
    const seenAgain = await post({ ...answered, confirm: false });
    expect(seenAgain.body).toMatchObject({ outcome: 'already', changedBy: 'Priya Sharma' });

    // Nor does the enquiry's other link.
    const closeAfter = await post({ ...paramsOf(await link(id, 'closed')), confirm: true });
    expect(closeAfter.status).toBe(409);
    expect(await target.stateOf(id)).toMatchObject({ state: 'answered', state_changed_by: 'Priya Sharma' });
  });

  it('takes the enquiry for the person of an "I\'ll take it" link, once; only the owner hands it over, to a person of the office\'s list', async () => {
    const read = readOfficeStaff((name) => localStaffDefaults[name]);
    if ('problems' in read) throw new Error(read.problems.join('; '));
    // An enquiry with no office chosen is the headquarters': its staff list's people.
    const [first, second] = read.people.IN.staff as [{ name: string; address: string }, { name: string; address: string }];
    const id = await target.store('Acme Pvt Ltd');
    const takeLink = async (address: string) => paramsOf(await actionLink(pageUrl, id, 'own', target.secret, new Date(), address));
    const mine = await takeLink(first.address);
    const theirs = await takeLink(second.address);

    const seen = await post({ ...mine, confirm: false });
    expect(seen).toMatchObject({ status: 200, body: { outcome: 'open', you: first.name, owner: null, handOverTo: [], history: [] } });
    expect(await target.stateOf(id)).toMatchObject({ state: 'new' });

    const taken = await post({ ...mine, confirm: true });
    expect(taken).toMatchObject({
      status: 200,
      body: { outcome: 'recorded', owner: { name: first.name }, history: [{ owner: first.name, from: null, via: 'link' }] },
    });
    expect(taken.body.handOverTo).toEqual([second]);
    // A colleague's link is refused while someone owns it, naming who.
    const late = await post({ ...theirs, confirm: true });
    expect(late).toMatchObject({
      status: 409,
      body: { outcome: 'owned', handOverTo: [], message: expect.stringContaining(`${first.name} took this enquiry first`) },
    });
    // Nor can they hand it to themselves with their own link.
    expect(await post({ ...theirs, handOverTo: second.address })).toMatchObject({ status: 409, body: { outcome: 'not-owner' } });

    // A link whose person was changed is forged; an address off the list is named.
    expect(await post({ ...mine, owner: second.address, confirm: true })).toMatchObject({ status: 403, body: { outcome: 'forged' } });
    const stranger = await takeLink('mallory@example.net');
    expect(await post({ ...stranger, confirm: true })).toMatchObject({
      status: 403,
      body: { outcome: 'not-staff', message: expect.stringContaining('ENQUIRY_STAFF_IN') },
    });
    expect(await post({ ...mine, handOverTo: 'mallory@example.net' })).toMatchObject({ status: 400, body: { outcome: 'not-staff' } });
    // Handing over is the owner's own link's, not an answer link's.
    expect(await post({ ...paramsOf(await link(id)), handOverTo: second.address })).toMatchObject({ status: 400, body: { outcome: 'bad-request' } });

    const handed = await post({ ...mine, handOverTo: second.address });
    expect(handed).toMatchObject({ status: 200, body: { outcome: 'handed-over', owner: { name: second.name }, handOverTo: [] } });
    expect(handed.body.history).toMatchObject([
      { owner: first.name, from: null },
      { owner: second.name, from: first.name },
    ]);
    expect((await post({ ...theirs, confirm: false })).body).toMatchObject({ outcome: 'open', owner: { name: second.name }, handOverTo: [first] });

    // Once answered, nobody needs to take it, and the answer's own undo is still offered on its link.
    const answered = await post({ ...paramsOf(await link(id)), confirm: true, by: second.name });
    expect(answered.body).toMatchObject({ outcome: 'recorded', undo: { event: expect.any(String) } });
    expect((await post({ ...theirs, confirm: false })).body).toMatchObject({ state: 'answered', handOverTo: [] });
    expect(await post({ ...theirs, handOverTo: first.address })).toMatchObject({ status: 409, body: { outcome: 'already' } });
  });

  it('offers to undo its own change for 30 minutes: the undo makes the enquiry new again, once, and the link works again', async () => {
    const id = await target.store('Acme Pvt Ltd');
    const answered = paramsOf(await link(id));
    expect((await post({ ...answered, confirm: false })).body).toMatchObject({ outcome: 'open', history: [], undo: null });

    const before = Date.now();
    const recorded = await post({ ...answered, confirm: true, by: 'Priya' });
    expect(recorded.body).toMatchObject({ outcome: 'recorded', history: [{ state: 'answered', by: 'Priya', via: 'link', undoneAt: null }] });
    const offer = recorded.body.undo as { event: string; until: string };
    expect(offer.event).toMatch(/^[1-9][0-9]*$/);
    // The database's clock, in microseconds, between the request and its answer, plus the window.
    const halfHour = 30 * 60_000;
    expect(Date.parse(offer.until)).toBeGreaterThanOrEqual(before + halfHour - 1);
    expect(Date.parse(offer.until)).toBeLessThanOrEqual(Date.now() + halfHour);
    // Opened again, the page still offers it; the enquiry's other link, or another enquiry's, may not use it.
    expect((await post({ ...answered, confirm: false })).body).toMatchObject({ outcome: 'already', undo: offer });
    const closedLink = paramsOf(await link(id, 'closed'));
    expect((await post({ ...closedLink, confirm: false })).body).toMatchObject({ outcome: 'already', undo: null });
    const other = await target.store('Other Ltd');
    for (const params of [closedLink, paramsOf(await link(other))]) {
      const refused = await post({ ...params, undo: offer.event, by: 'Mallory' });
      expect(refused).toMatchObject({ status: 404, body: { outcome: 'no-such-change', message: expect.stringMatching(/^Nothing was changed: /) } });
    }
    const forged = await post({ ...answered, signature: answered.signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), undo: offer.event });
    expect(forged).toMatchObject({ status: 403, body: { outcome: 'forged' } });
    expect(await target.stateOf(id)).toMatchObject({ state: 'answered', state_changed_by: 'Priya' });

    const undone = await post({ ...answered, undo: offer.event, by: 'Priya' });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      outcome: 'undone',
      state: 'new',
      undo: null,
      history: [{ state: 'answered', by: 'Priya', via: 'link', undoneBy: 'Priya' }],
      message: expect.stringMatching(/^Undone: the enquiry is new again/),
    });
    expect(await target.stateOf(id)).toMatchObject({ state: 'new', state_changed_by: null, state_changed_at: null });
    const twice = await post({ ...answered, undo: offer.event });
    expect(twice).toMatchObject({ status: 409, body: { outcome: 'already-undone', state: 'new' } });

    // The enquiry is new again, so a link (this one, or the other) works again.
    const closed = await post({ ...closedLink, confirm: true, by: 'Ravi' });
    expect(closed.body).toMatchObject({ outcome: 'recorded', state: 'closed', history: [{ undoneBy: 'Priya' }, { state: 'closed', by: 'Ravi' }] });
    expect(await target.stateOf(id)).toMatchObject({ state: 'closed', state_changed_by: 'Ravi' });
  });

  it('refuses an undo that does not name a change as the page sends it', async () => {
    const params = paramsOf(await link(await target.store(null)));
    for (const undo of [1, '', '0', '12a', '1'.repeat(20), null]) {
      expect((await post({ ...params, undo })).status, JSON.stringify(undo)).toBe(400);
    }
  });

  it('closes with the closed link, recording the default name when none is typed', async () => {
    const id = await target.store(null);
    const closed = await post({ ...paramsOf(await link(id, 'closed')), confirm: true });
    expect(closed.body).toMatchObject({ outcome: 'recorded', state: 'closed', changedBy: defaultChangedBy, enquiry: { company: null } });
    expect(await target.stateOf(id)).toMatchObject({ state: 'closed', state_changed_by: defaultChangedBy });
  });

  it("refuses another enquiry's link, an altered signature or action, an expired or cut link, and changes nothing", async () => {
    const id = await target.store('Acme Pvt Ltd');
    const other = await target.store('Other Ltd');
    const valid = paramsOf(await link(other));
    const signature = valid.signature!;
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const cases: Array<[string, Record<string, string>, number, string, RegExp]> = [
      ["another enquiry's link", { ...valid, enquiry: id }, 403, 'forged', /not made by the website, or part of it was altered/],
      ['an altered signature', { ...paramsOf(await link(id)), signature: flipped }, 403, 'forged', /altered/],
      ['an altered action', { ...paramsOf(await link(id, 'closed')), action: 'answered' }, 403, 'forged', /altered/],
      ['a later expiry', { ...paramsOf(await link(id)), expires: String(Number(valid.expires) + 86400) }, 403, 'forged', /altered/],
      [
        'an expired link',
        paramsOf(await link(id, 'answered', new Date(Date.now() - (linkLifetimeSeconds + 60) * 1000))),
        410,
        'expired',
        /expired \(links work for 30 days\)/,
      ],
      ['a link cut short', { ...paramsOf(await link(id)), signature: signature.slice(0, 20) }, 400, 'incomplete', /incomplete/],
    ];
    for (const [what, params, status, outcome, message] of cases) {
      for (const confirm of [false, true]) {
        const reply = await post({ ...params, confirm });
        expect(reply.status, what).toBe(status);
        expect(reply.body.outcome, what).toBe(outcome);
        expect(String(reply.body.message), what).toMatch(/^Nothing was changed: /);
        expect(String(reply.body.message), what).toMatch(message);
        // Nothing about the enquiry is told to a link that is not genuine.
        expect(reply.body.enquiry, what).toBeUndefined();
      }
    }
    expect(await target.stateOf(id)).toMatchObject({ state: 'new' });
    expect(await target.stateOf(other)).toMatchObject({ state: 'new' });
  });

  it('a GET, as a mail scanner following the link would send, changes nothing and says why', async () => {
    const id = await target.store('Acme Pvt Ltd');
    const params = new URLSearchParams({ ...paramsOf(await link(id)), confirm: 'true' });
    const response = await fetch(`${target.url}?${params}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await response.json()).toMatchObject({ outcome: 'wrong-method', message: expect.stringMatching(/^Nothing was changed: .*button/) });
    expect(await target.stateOf(id)).toMatchObject({ state: 'new' });
  });

  it("a signed link for an enquiry no longer stored says so; requests that are not the page's are refused", async () => {
    const gone = await post({ ...paramsOf(await link(randomUUID())), confirm: true });
    expect(gone).toMatchObject({ status: 404, body: { outcome: 'not-found' } });
    const id = await target.store('Acme Pvt Ltd');
    const params = paramsOf(await link(id));
    expect((await post({ ...params })).status).toBe(400);
    expect((await post('[1]')).status).toBe(400);
    expect((await post({ ...params, confirm: true, by: 'x'.repeat(4000) })).status).toBe(413);
    const foreign = await post({ ...params, confirm: true }, { origin: 'https://attacker.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await target.stateOf(id)).toMatchObject({ state: 'new' });
  });

  it("answers CORS for the site's origin only", async () => {
    const preflight = (origin: string) =>
      fetch(target.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const fromSite = await preflight(siteOrigin);
    expect(fromSite.status).toBe(204);
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(siteOrigin);
    expect(fromSite.headers.get('access-control-allow-methods')).toBe('POST');
    const fromElsewhere = await preflight('https://attacker.example');
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const id = await target.store(null);
    const fromPage = await post({ ...paramsOf(await link(id)), confirm: false }, { origin: siteOrigin });
    expect(fromPage.headers.get('access-control-allow-origin')).toBe(siteOrigin);
  });
});

describe('states through the local REST API', () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await backend?.close();
  });
  const anon = { apikey: localSupabaseAnonKey, authorization: `Bearer ${localSupabaseAnonKey}`, 'content-type': 'application/json' };

  it('visitors can neither read states, nor set one on insert, nor change one', async () => {
    const read = await httpRequest(`${backend.url}/rest/v1/contact_submissions?select=state`, { headers: anon });
    expect(read.status).toBe(401);
    expect(read.body).toMatch(/permission denied/);

    const id = randomUUID();
    const withState = { id, name: 'Asha Rao', email: 'asha@example.com', company: null, phone: null, service: null, message: 'Hi', state: 'answered' };
    const insert = await httpRequest(`${backend.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: anon,
      body: JSON.stringify(withState),
      localAddress: loopbackAddress(900),
    });
    expect(insert.status).toBe(401);
    expect(insert.body).toMatch(/permission denied/);

    const stored = { ...withState, id: randomUUID() } as Record<string, unknown>;
    delete stored.state;
    expect(
      (
        await httpRequest(`${backend.url}/rest/v1/contact_submissions`, {
          method: 'POST',
          headers: anon,
          body: JSON.stringify(stored),
          localAddress: loopbackAddress(901),
        })
      ).status,
    ).toBe(201);
    for (const [method, path] of [
      ['PATCH', `/rest/v1/contact_submissions?id=eq.${String(stored.id)}`],
      ['POST', '/rest/v1/rpc/set_enquiry_state'],
    ] as const) {
      const change = await httpRequest(`${backend.url}${path}`, {
        method,
        headers: anon,
        body: JSON.stringify({ state: 'closed', enquiry: stored.id, new_state: 'closed', changed_by: 'x' }),
      });
      expect(change.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
    const service = { apikey: localSupabaseServiceRoleKey, authorization: `Bearer ${localSupabaseServiceRoleKey}` };
    const rows = JSON.parse((await httpRequest(`${backend.url}/rest/v1/contact_submissions?select=id,state`, { headers: service })).body) as unknown[];
    expect(rows).toEqual([{ id: stored.id, state: 'new' }]);
  });
});

describe('the undo refusals the database can give', () => {
  // Past the window, or changed again meanwhile, is the database's word (tests/db/enquiry-events.db.test.ts); here, what the page is told.
  const answeredAt = new Date(Date.now() - 40 * 60_000);
  const event: EnquiryEvent = {
    id: '7',
    kind: 'state',
    at: answeredAt,
    from_value: 'new',
    to_value: 'answered',
    by: 'Priya',
    via: 'link',
    undone_at: null,
    undone_by: null,
    undo_until: new Date(answeredAt.getTime() + 30 * 60_000),
  };
  const storeSaying = (result: UndoResult): ActionStore => ({
    find: async () => ({
      name: 'Asha Rao',
      company: null,
      created_at: answeredAt,
      state: 'answered',
      state_changed_at: answeredAt,
      state_changed_by: 'Priya',
      office: null,
      owner_address: null,
      owner_name: null,
      owned_at: null,
    }),
    setState: async () => null,
    setOwner: async () => null,
    history: async () => [event],
    undo: async () => result,
  });

  it.each([
    ['too-late', 409, /^Nothing was changed: a change can be undone for 30 minutes after it was made, and that time is over\.$/],
    ['not-latest', 409, /changed again after this/],
    ['already-undone', 409, /already undone/],
    ['missing', 404, /this link made no such change/],
  ] as const)('%s', async (result, status, message) => {
    const settings = { pageUrl, siteOrigin, secret: developmentLinkSecret };
    const handle = createActionHandler({ settings, store: storeSaying(result) });
    const params = paramsOf(await actionLink(pageUrl, randomUUID(), 'answered', developmentLinkSecret));
    const response = await handle(
      new Request('http://function.test', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...params, undo: '7' }) }),
    );
    expect(response.status).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.message).toMatch(message);
    // Past its window, the change is no longer offered for undoing.
    expect(body).toMatchObject({ state: 'answered', undo: null, history: [{ state: 'answered', by: 'Priya' }] });
  });
});
