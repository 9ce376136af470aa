/**
 * What the enquiry-action function answers, as a plain Request → Response function: Deno.serve runs it on Supabase
 * (index.ts) and the local backend runs the same code in Node (scripts/local-backend/local-actions.ts).
 *
 * The confirmation page (/staff/enquiry on the site) POSTs the parameters of the link it was opened with:
 * - `confirm: false`: the enquiry's name, company and age, and its state (who and when, if answered or closed);
 * - `confirm: true`: records the link's action through record_enquiry_state, once; `by` is the name staff typed;
 * - `undo: "<event id>"`: undoes that change, if this link's action made it, it is the enquiry's latest and the
 *   undo window (enquiry_undo_window(), 30 minutes) has not passed: the enquiry is new again.
 * An "I'll take it" link (action `own`) is one person's of the office's staff list (ENQUIRY_STAFF_<office>):
 * `confirm: true` makes them the owner while nobody owns the open enquiry; `handOverTo: "<address>"`, from the
 * owner's own link, makes another person of that list the owner. The list is read again on every request, so a
 * person taken off it can no longer use their links.
 * Every answer about an enquiry carries its history (who changed its state, when, how) and, while this link's own
 * change can still be undone, `undo: { event, until }`, so the page offers the Undo button after a press or a reload.
 * Every refusal has an `outcome` word and a `message` a person can act on. A GET (a mail scanner following the
 * link to this address) changes nothing: only a POST from the page, whose button a person pressed, records.
 * The signed link is the credential, so there is no Supabase JWT (verify_jwt = false in supabase/config.toml).
 */
import { checkActionLink, linkLifetimeSeconds, type EnquiryAction } from '../_shared/enquiry-links.ts';
import type { LinkSettings } from '../_shared/link-settings.ts';
import { officeByCode, type OfficeCode } from '../_shared/offices.ts';
import { officeStaffVariable, staffMember, type OfficeStaff } from '../_shared/staff.ts';
import type { ActionStore, EnquiryEvent, EnquirySummary, OwnerChange, UndoResult } from './types.ts';

/** Who is recorded when the page's name field is left empty: the word the staff e-mail suggests. */
export const defaultChangedBy = 'staff (e-mail link)';

/** A link's parameters and the page's choices; anything larger is not from the page. */
const maxBodyBytes = 2048;

export type Outcome =
  | 'open'
  | 'recorded'
  | 'already'
  | 'undone'
  | 'too-late'
  | 'not-latest'
  | 'already-undone'
  | 'no-such-change'
  | 'incomplete'
  | 'forged'
  | 'expired'
  | 'not-found'
  | 'wrong-method'
  | 'bad-request'
  | 'not-set-up'
  | 'unavailable'
  | 'handed-over'
  | 'owned'
  | 'not-owner'
  | 'not-staff';

interface HandlerOptions {
  /** null when SITE_URL or ENQUIRY_LINK_SECRET is missing: every request is then answered 'not-set-up'. */
  settings: LinkSettings | null;
  store: ActionStore | null;
  /** Each office's staff list (_shared/staff.ts); without it, "I'll take it" links are refused as not set up. */
  people?: Record<OfficeCode, OfficeStaff> | null;
  now?: () => Date;
  log?: (line: string) => void;
}

const actionWords: Record<'answered' | 'closed', string> = { answered: 'answered', closed: 'closed (no answer needed)' };

/** No line breaks, controls or invisible characters, and a bounded length: staff type it, the database keeps 200. */
function cleanName(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
          .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  return text.slice(0, 80) || defaultChangedBy;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The history the page lists, oldest first: what changed, who, when and how, and whether it was undone. */
const historyOf = (events: EnquiryEvent[], nameOf: (address: string | null) => string | null) =>
  events.map((event) => ({
    at: iso(event.at),
    ...(event.kind === 'owner' ? { owner: nameOf(event.to_value), from: nameOf(event.from_value) } : { state: event.to_value }),
    by: event.by,
    via: event.via,
    undoneAt: iso(event.undone_at),
    undoneBy: event.undone_by,
  }));

/** The change this link made that can still be undone: the enquiry's latest, not undone, within the window. */
function undoOffer(events: EnquiryEvent[], action: EnquiryAction, now: Date) {
  const latest = events.findLast((event) => event.kind === 'state' && event.undone_at === null);
  if (!latest || latest.via !== 'link' || latest.to_value !== action || new Date(latest.undo_until) <= now) return null;
  return { event: latest.id, until: iso(latest.undo_until) };
}

/** An event id as the page sends it back: a bigint's digits. */
const eventId = /^[1-9][0-9]{0,18}$/;

const undoRefusals: Record<Exclude<UndoResult, 'undone'>, { status: number; outcome: Outcome; message: (minutes: number) => string }> = {
  'too-late': {
    status: 409,
    outcome: 'too-late',
    message: (minutes) => `Nothing was changed: a change can be undone for ${minutes} minutes after it was made, and that time is over.`,
  },
  'not-latest': {
    status: 409,
    outcome: 'not-latest',
    message: () => 'Nothing was changed: the enquiry was changed again after this; its history below says how.',
  },
  'already-undone': { status: 409, outcome: 'already-undone', message: () => 'Nothing was changed: this change was already undone.' },
  missing: { status: 404, outcome: 'no-such-change', message: () => 'Nothing was changed: this link made no such change to this enquiry.' },
};

function describe(enquiry: EnquirySummary, now: Date) {
  return {
    name: enquiry.name,
    company: enquiry.company,
    receivedAt: iso(enquiry.created_at),
    ageSeconds: Math.max(0, Math.floor((now.getTime() - new Date(enquiry.created_at).getTime()) / 1000)),
  };
}

/** The body as text, or null when it is larger than maxBodyBytes (read no further than that). */
async function boundedText(request: Request): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBodyBytes) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** What the page says after an "I'll take it" press or a hand-over, by record_enquiry_owner's word. */
const ownerAnswers: Record<OwnerChange['outcome'], { status: number; outcome: Outcome; message: (change: OwnerChange, you: string) => string }> = {
  taken: { status: 200, outcome: 'recorded', message: (_, you) => `Recorded: ${you}, you own this enquiry. Its reminder comes to you.` },
  'handed-over': {
    status: 200,
    outcome: 'handed-over',
    message: (change) => `Handed over: ${change.owner_name} owns this enquiry now, and its reminder goes to them.`,
  },
  'already-yours': { status: 200, outcome: 'already', message: (_, you) => `Nothing to do: ${you}, you own this enquiry already.` },
  owned: {
    status: 409,
    outcome: 'owned',
    message: (change) => `Nothing was changed: ${change.owner_name} took this enquiry first. Ask them to hand it over if it should be yours.`,
  },
  'not-owner': {
    status: 409,
    outcome: 'not-owner',
    message: (change) => `Nothing was changed: ${change.owner_name ?? 'nobody'} owns this enquiry now, not you, so you cannot hand it over.`,
  },
  settled: { status: 409, outcome: 'already', message: () => 'Nothing was changed: this enquiry is already answered or closed, so nobody needs to take it.' },
};

export function createActionHandler({ settings, store, people = null, now = () => new Date(), log = console.error }: HandlerOptions) {
  function answer(request: Request, status: number, outcome: Outcome, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const origin = request.headers.get('origin');
    const cors: Record<string, string> = settings && origin === settings.siteOrigin ? { 'access-control-allow-origin': origin } : {};
    return new Response(JSON.stringify({ outcome, ...body }), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'Origin', ...cors, ...headers },
    });
  }

  return async function handle(request: Request): Promise<Response> {
    const origin = request.headers.get('origin');
    if (request.method === 'OPTIONS') {
      if (!settings || origin !== settings.siteOrigin) return new Response(null, { status: 403, headers: { vary: 'Origin' } });
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '86400',
          vary: 'Origin',
        },
      });
    }
    if (request.method !== 'POST') {
      return answer(
        request,
        405,
        'wrong-method',
        { message: "Nothing was changed: an enquiry is marked only by pressing the button on the link's page on the website." },
        { allow: 'POST, OPTIONS' },
      );
    }
    // Another web page may not use a link it came across; tools without an Origin (curl, the tests) may.
    if (origin !== null && origin !== settings?.siteOrigin) {
      return answer(request, 403, 'bad-request', { message: `Nothing was changed: only the website's own page may send this, not ${origin}.` });
    }
    if (!settings || !store) {
      return answer(request, 503, 'not-set-up', {
        message: 'Nothing was changed: the links are not set up on this server (SITE_URL, ENQUIRY_LINK_SECRET). Tell whoever runs the website.',
      });
    }
    const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return answer(request, 415, 'bad-request', { message: 'Nothing was changed: the request must be JSON.' });
    const text = await boundedText(request);
    if (text === null) return answer(request, 413, 'bad-request', { message: `Nothing was changed: the request is larger than ${maxBodyBytes} bytes.` });
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return answer(request, 400, 'bad-request', { message: 'Nothing was changed: the request is not one JSON object.' });
    }
    const undo = body.undo;
    if (undo !== undefined && (typeof undo !== 'string' || !eventId.test(undo))) {
      return answer(request, 400, 'bad-request', { message: 'Nothing was changed: undo must name a change, as the page sends it.' });
    }
    const handOverTo = body.handOverTo;
    if (handOverTo !== undefined && (typeof handOverTo !== 'string' || handOverTo.length > 254)) {
      return answer(request, 400, 'bad-request', { message: 'Nothing was changed: handOverTo must name a person of the staff list, as the page sends it.' });
    }
    if (undo === undefined && handOverTo === undefined && typeof body.confirm !== 'boolean') {
      return answer(request, 400, 'bad-request', { message: 'Nothing was changed: the request must say confirm: true or false.' });
    }

    const params = new URLSearchParams();
    for (const key of ['enquiry', 'action', 'expires', 'signature', 'owner']) if (typeof body[key] === 'string') params.set(key, body[key]);
    const at = now();
    const link = await checkActionLink(params, settings.secret, at);
    if (!link.ok && link.reason === 'incomplete') {
      return answer(request, 400, 'incomplete', {
        message: 'Nothing was changed: this link is incomplete, perhaps cut short when it was copied. Open it again from the staff e-mail, whole.',
      });
    }
    if (!link.ok && link.reason === 'forged') {
      return answer(request, 403, 'forged', {
        message: 'Nothing was changed: this link was not made by the website, or part of it was altered. Use the link in the staff e-mail exactly as it is.',
      });
    }
    if (!link.ok) {
      const days = linkLifetimeSeconds / 86400;
      return answer(request, 410, 'expired', {
        expiredAt: new Date(link.claims!.expires * 1000).toISOString(),
        message: `Nothing was changed: this link expired (links work for ${days} days). Use the links in the latest daily digest e-mail, or ask whoever runs the website to mark the enquiry.`,
      });
    }

    const { enquiry: id, action } = link.claims;
    if ((action === 'own' || handOverTo !== undefined) && !people) {
      return answer(request, 503, 'not-set-up', {
        message: "Nothing was changed: the offices' staff lists (ENQUIRY_STAFF_<office>) cannot be read on this server. Tell whoever runs the website.",
      });
    }
    if (handOverTo !== undefined && action !== 'own') {
      return answer(request, 400, 'bad-request', { message: 'Nothing was changed: only the owner\'s own "I\'ll take it" link can hand an enquiry over.' });
    }
    try {
      const enquiry = await store.find(id);
      if (!enquiry) {
        return answer(request, 404, 'not-found', {
          message: 'Nothing was changed: this enquiry is no longer stored (it may have been deleted). There is nothing left to mark.',
        });
      }
      const office = officeByCode(enquiry.office);
      const officeStaff = people?.[office.code];
      const nameOf = (address: string | null) =>
        address === null ? null : (staffMember(officeStaff, address)?.name ?? (address === enquiry.owner_address ? enquiry.owner_name : address));
      const details = { action, enquiry: describe(enquiry, at) };
      // Read after any change, so the page shows the history and the Undo offer as they now are.
      const current = async () => {
        const events = await store.history(id);
        return { events, shown: { history: historyOf(events, nameOf), undo: action === 'own' ? null : undoOffer(events, action, at) } };
      };
      if (action === 'own') {
        const you = staffMember(officeStaff, link.claims.owner!);
        if (!you) {
          return answer(request, 403, 'not-staff', {
            ...details,
            message: `Nothing was changed: ${link.claims.owner} is not on the ${office.city} office's staff list (${officeStaffVariable(office.code)}), so this link no longer works. Ask whoever runs the website.`,
          });
        }
        const owned = async (outcome: Outcome, status: number, message?: string) => {
          const latest = (await store.find(id)) ?? enquiry;
          const yours = latest.owner_address === you.address && latest.state === 'new';
          return answer(request, status, outcome, {
            ...details,
            state: latest.state,
            you: you.name,
            owner: latest.owner_address ? { name: latest.owner_name, at: iso(latest.owned_at) } : null,
            // Whom the owner may hand over to: the rest of the office's list.
            handOverTo: yours ? officeStaff!.staff.filter((member) => member.address !== you.address) : [],
            ...(await current()).shown,
            ...(message ? { message } : {}),
          });
        };
        if (handOverTo !== undefined) {
          const to = staffMember(officeStaff, handOverTo);
          if (!to) {
            return answer(request, 400, 'not-staff', {
              message: `Nothing was changed: ${handOverTo} is not on the ${office.city} office's staff list (${officeStaffVariable(office.code)}).`,
            });
          }
          const change = await store.setOwner(id, to, you.address, you.name);
          if (!change) return answer(request, 404, 'not-found', { message: 'Nothing was changed: this enquiry is no longer stored.' });
          const reply = ownerAnswers[change.outcome];
          return owned(reply.outcome, reply.status, reply.message(change, you.name));
        }
        if (!body.confirm) return owned('open', 200);
        const change = await store.setOwner(id, you, null, you.name);
        if (!change) return answer(request, 404, 'not-found', { message: 'Nothing was changed: this enquiry is no longer stored.' });
        const reply = ownerAnswers[change.outcome];
        return owned(reply.outcome, reply.status, reply.message(change, you.name));
      }
      const settled = async (state: string, changedAt: Date | string | null, changedBy: string | null) => ({
        ...details,
        state,
        changedAt: iso(changedAt),
        changedBy,
        ...(await current()).shown,
      });
      if (undo !== undefined) {
        const result = await store.undo(id, undo, action, cleanName(body.by));
        const after = await store.find(id);
        if (!after) return answer(request, 404, 'not-found', { message: 'Nothing was changed: this enquiry is no longer stored.' });
        const { events, shown } = await current();
        const reply = { ...details, state: after.state, changedAt: iso(after.state_changed_at), changedBy: after.state_changed_by, ...shown };
        if (result === 'undone') return answer(request, 200, 'undone', { ...reply, message: 'Undone: the enquiry is new again, and its links work again.' });
        const refused = events.find((event) => event.id === undo);
        const minutes = refused ? Math.round((new Date(refused.undo_until).getTime() - new Date(refused.at).getTime()) / 60_000) : 30;
        const refusal = undoRefusals[result];
        return answer(request, refusal.status, refusal.outcome, { ...reply, message: refusal.message(minutes) });
      }
      if (!body.confirm) {
        if (enquiry.state === 'new') return answer(request, 200, 'open', { ...(await settled('new', null, null)) });
        return answer(request, 200, 'already', {
          ...(await settled(enquiry.state, enquiry.state_changed_at, enquiry.state_changed_by)),
          message: `Nothing to do: this enquiry was already marked ${actionWords[enquiry.state as 'answered' | 'closed']}.`,
        });
      }
      const change = await store.setState(id, action, cleanName(body.by));
      if (!change) return answer(request, 404, 'not-found', { message: 'Nothing was changed: this enquiry is no longer stored.' });
      const result = await settled(change.state, change.state_changed_at, change.state_changed_by);
      if (change.changed) return answer(request, 200, 'recorded', { ...result, message: `Recorded: the enquiry is marked ${actionWords[action]}.` });
      return answer(request, 409, 'already', {
        ...result,
        message: `Nothing was changed: this enquiry was already marked ${actionWords[change.state as 'answered' | 'closed']}, and a link works only once.`,
      });
    } catch (error) {
      log(`enquiry-action: the database could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      return answer(request, 503, 'unavailable', { message: 'Nothing was changed: the database could not be reached. Try the button again in a few minutes.' });
    }
  };
}
