/**
 * What `npm run enquiries -- --answered ID | --closed ID | --undo ID | --history ID` do and say: the change is made
 * through enquiry-api.ts, and a refusal is an Error that says what to do (exit code 1).
 */
import { spawnSync } from 'node:child_process';
import { table } from '../shared/table.ts';
import { ArgumentError } from './response-time-report.ts';
import { cell, utcMinute, type StoredEnquiry } from './enquiry-export-format.ts';
import type { EnquiryApi, SettableState, StateEvent } from './enquiry-api.ts';

/** "2026-11-23 22:05 UTC" */
const utc = (value: string | Date) => `${utcMinute(value)} UTC`;

const how: Record<StateEvent['via'], string> = { link: 'e-mail link', command: 'npm run enquiries' };

export const stateCommands = ['answered', 'closed', 'undo', 'history'] as const;
export type StateCommand = (typeof stateCommands)[number];

const shortId = (id: string) => id.slice(0, 8);

/** "Asha Rao (Acme Pvt Ltd, 3f2a9c1b)" */
const named = (row: StoredEnquiry) => `${cell(row.name, 60)} (${row.company ? `${cell(row.company, 60)}, ` : ''}${shortId(row.id)})`;

/** Who is recorded: --as, else git's user.name, else the login name. Controls and line breaks go; at most 80 characters. */
export function operatorName(as: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const clean = (text = '') =>
    text
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ')
      .trim()
      .slice(0, 80);
  if (as !== undefined) {
    if (!clean(as)) throw new ArgumentError('--as needs a name: --as "Priya Sharma".');
    return clean(as);
  }
  // No git, or no name set, leaves no output: the login name is next.
  const gitName = spawnSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).stdout;
  const name = clean(gitName) || clean(env.USER) || clean(env.USERNAME);
  if (!name) throw new ArgumentError('Nobody to record the change under: add --as "Your Name".');
  return name;
}

/** The id in lower case: the whole id or its first 8 characters or more (the list's Id column); an ArgumentError otherwise. */
export function checkEnquiryId(id: string, option: string): string {
  const wanted = id.trim().toLowerCase();
  if (!/^[0-9a-f-]{8,36}$/.test(wanted)) {
    throw new ArgumentError(`--${option} "${id}" is not an enquiry's id: give the id, or its first 8 characters, as the Id column of npm run enquiries shows.`);
  }
  return wanted;
}

/** The enquiry whose id starts with `wanted`, as checkEnquiryId gives it. */
function findEnquiry(rows: StoredEnquiry[], wanted: string): StoredEnquiry {
  const found = rows.filter((row) => row.id.toLowerCase().startsWith(wanted));
  if (found.length === 0) {
    throw new Error(
      `No enquiry has an id starting ${wanted}: copy it from the Id column of npm run enquiries (or the id field of --json). Nothing was changed.`,
    );
  }
  if (found.length > 1) throw new Error(`${found.length} enquiries have ids starting ${wanted}: give more of the id. Nothing was changed.`);
  return found[0]!;
}

/** The latest change of state not undone: taking or handing over an enquiry is not undone, it is handed over. */
const latestLive = (events: StateEvent[]) => events.findLast((event) => (event.kind ?? 'state') === 'state' && event.undone_at === null);

const undoUntil = (at: string | Date, minutes: number) => new Date(new Date(at).getTime() + minutes * 60_000);

async function setState(api: EnquiryApi, row: StoredEnquiry, state: SettableState, by: string): Promise<string> {
  const result = await api.record(row.id, state, by);
  if (!result) throw new Error(`The enquiry ${named(row)} is no longer stored. Nothing was changed.`);
  const minutes = await api.undoWindowMinutes();
  const at = result.state_changed_at;
  if (result.changed) {
    return `Marked ${state}: ${named(row)}, by ${by}, ${utc(at!)}.\nWrong one? Undo it until ${utc(undoUntil(at!, minutes))}: npm run enquiries -- --undo ${shortId(row.id)}\n`;
  }
  const latest = latestLive(await api.history(row.id));
  const undo =
    latest && undoUntil(latest.at, minutes) > new Date()
      ? `To change it, undo that first (until ${utc(undoUntil(latest.at, minutes))}): npm run enquiries -- --undo ${shortId(row.id)}`
      : `That change is more than ${minutes} minutes old, so it can no longer be undone.`;
  const when = at ? ` ${utc(at)}` : '';
  throw new Error(`Nothing was changed: ${named(row)} is already ${result.state}${when} by ${result.state_changed_by ?? 'unknown'}. ${undo}`);
}

async function undoLatest(api: EnquiryApi, row: StoredEnquiry, by: string): Promise<string> {
  const latest = latestLive(await api.history(row.id));
  if (!latest) throw new Error(`Nothing to undo: ${named(row)} has no change to undo; it is ${row.state ?? 'new'}.`);
  const change = `marked ${latest.to_value} by ${latest.by} ${utc(latest.at)}, ${latest.via === 'link' ? 'from an' : 'with'} ${how[latest.via]}`;
  const result = await api.undo(latest.id, by);
  if (result === 'undone') return `Undone: ${named(row)} is new again (it had been ${change}).\n`;
  if (result === 'too-late') {
    const minutes = await api.undoWindowMinutes();
    throw new Error(
      `Too late to undo: ${named(row)} was ${change}, and a change can be undone for ${minutes} minutes only. It stays ${latest.to_value}; nothing was changed.`,
    );
  }
  throw new Error(`Someone changed ${named(row)} meanwhile, so nothing was undone. See what happened: npm run enquiries -- --history ${shortId(row.id)}`);
}

export function historyText(row: StoredEnquiry, events: StateEvent[], minutes: number, now = new Date()): string {
  const heading = `History of ${named(row)}, received ${utc(row.created_at)}, now ${row.state ?? 'new'}:\n`;
  if (events.length === 0) return `${heading}No changes yet.\n`;
  const latest = latestLive(events);
  const undone = (event: StateEvent) => {
    if (event.undone_at) return `undone ${utc(event.undone_at)} by ${cell(event.undone_by ?? '', 40)}`;
    if (event === latest && undoUntil(event.at, minutes) > now) return `can be undone until ${utc(undoUntil(event.at, minutes))}`;
    return '';
  };
  const lines = [
    ['When', 'Change', 'By', 'How', 'Undone'],
    ...events.map((event) => [
      utc(event.at),
      event.kind === 'owner' ? `owner ${event.from_value ?? 'nobody'} → ${event.to_value ?? 'nobody'}` : `${event.from_value ?? ''} → ${event.to_value ?? ''}`,
      cell(event.by, 40),
      how[event.via] ?? event.via,
      undone(event),
    ]),
  ];
  return `${heading}${table(lines).join('\n')}\n`;
}

/** Runs one state command on the enquiry that `id` (as checkEnquiryId gives it) names among `rows`, and says what it did. */
export async function stateCommand(api: EnquiryApi, rows: StoredEnquiry[], command: StateCommand, id: string, by: string): Promise<string> {
  const row = findEnquiry(rows, id);
  if (command === 'history') return historyText(row, await api.history(row.id), await api.undoWindowMinutes());
  if (command === 'undo') return undoLatest(api, row, by);
  return setState(api, row, command, by);
}
