import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSupabaseAnonKey } from '../../src/config/local-supabase.ts';
import { localSupabaseServiceRoleKey } from '../../scripts/local-backend/local-api-keys.ts';
import { toCsv, toJson, toTable, type StoredEnquiry } from '../../scripts/enquiry-export/enquiry-export-format.ts';
import { enquiryApi } from '../../scripts/enquiry-export/enquiry-api.ts';
import { httpRequest, loopbackAddress } from '../support/loopback-http.ts';
import { startLocalBackend, type LocalBackend } from '../../scripts/local-backend.ts';

const tricky: StoredEnquiry = {
  id: '11111111-1111-4111-8111-111111111111',
  created_at: '2026-11-21T10:05:09.123+00:00',
  name: '=HYPERLINK("http://evil.example")',
  email: 'a@b.co',
  company: 'Acme, "Big" Ltd',
  phone: '+91 120 555 0142',
  service: 'Other',
  message: 'line one\r\nline two',
  client_address: '127.0.0.1',
  notification: {
    status: 'failed',
    attempts: 10,
    last_error: '535 5.7.8 Authentication failed',
    sent_at: null,
    next_attempt_at: '2026-11-21T12:00:00+00:00',
  },
  state: 'answered',
  state_changed_at: '2026-11-21T12:35:09.123+00:00',
  state_changed_by: '=Priya, "sales"',
  office: 'London',
  visitor_time_zone: 'Europe/London',
  due_at: '2026-11-23T12:00:00.000Z',
};

const plain: StoredEnquiry = {
  id: '22222222-2222-4222-8222-222222222222',
  created_at: '2026-11-21T09:00:00+00:00',
  name: 'Ravi',
  email: 'ravi@example.com',
  company: null,
  phone: null,
  service: null,
  message: 'Hi',
  client_address: null,
  state: 'new',
  state_changed_at: null,
  state_changed_by: null,
};

describe('the staff export formats', () => {
  it('quotes CSV fields with commas, quotes and line breaks, and leaves nulls empty', () => {
    expect(toCsv([tricky, plain])).toBe(
      'id,created_at,name,email,company,phone,service,message,client_address,notification_status,notification_attempts,notification_error,notified_at,state,state_changed_at,state_changed_by,office,visitor_time_zone,due_at\r\n' +
        `${tricky.id},${tricky.created_at},"'=HYPERLINK(""http://evil.example"")",a@b.co,"Acme, ""Big"" Ltd","'+91 120 555 0142",Other,"line one\r\nline two",127.0.0.1,failed,10,535 5.7.8 Authentication failed,,answered,2026-11-21T12:35:09.123+00:00,"'=Priya, ""sales""",London,Europe/London,2026-11-23T12:00:00.000Z\r\n` +
        `${plain.id},${plain.created_at},Ravi,ravi@example.com,,,,Hi,,,,,,new,,,,,\r\n`,
    );
  });

  it('defuses formula-like text in every CSV column, phone numbers included', () => {
    const csv = toCsv([{ ...plain, message: '@SUM(1+1)', company: '-2+3', phone: '+44 20 7946 0000' }]);
    expect(csv).toContain(`,"'-2+3","'+44 20 7946 0000",,"'@SUM(1+1)",`);
  });

  it('prints an aligned table, one line per enquiry, with multi-line messages flattened', () => {
    const lines = toTable([tricky, plain], new Date('2026-11-22T09:30:00Z')).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Id\s+Received \(UTC\)\s+Age\s+State\s+Name\s+Email\s+Company\s+Phone\s+Service\s+Message\s+Staff e-mail$/);
    expect(lines[2]).toMatch(/^11111111 {2}2026-11-21 10:05 {2}23 h 24 min {2}answered 2026-11-21 12:35 by =Priya, "sales", after 2 h 30 min {2}=HYPERLINK/);
    expect(lines[3]).toMatch(/^22222222 {2}2026-11-21 09:00 {2}24 h 30 min {2}new, OVERDUE \(over 24 h\) {2,}Ravi /);
    expect(lines[2]).toContain('2026-11-21 10:05');
    expect(lines[2]).toMatch(/FAILED after 10 tries: 535 5\.7\.8 Authentication failed$/);
    expect(lines[2]).toContain('line one line two');
    const emailColumn = lines[0]!.indexOf('Email');
    expect(lines[2]!.indexOf('a@b.co')).toBe(emailColumn);
    expect(lines[3]!.indexOf('ravi@example.com')).toBe(emailColumn);
  });

  it('prints JSON with every column', () => {
    expect(JSON.parse(toJson([tricky]))).toEqual([tricky]);
  });
});

const columns = ['id', 'created_at', 'name', 'email', 'company', 'phone', 'service', 'message', 'client_address'] as const;

/** Any C0 or C1 control character or DEL. */
const control = /[\u0000-\u001f\u007f-\u009f]/;

/** What strangers can put in a row: formulas for spreadsheets, escape sequences for terminals. */
const hostile: StoredEnquiry = {
  ...plain,
  name: '=HYPERLINK("http://evil.example","x")',
  company: '@SUM(1+1)',
  phone: '+1-555',
  message: 'title\u001b]0;pwned\u0007 clear\u001b[2J red\u009b31m bell\u0007 del\u007f end',
  client_address: "=cmd|' /C calc'!A0",
};

const escapes: StoredEnquiry = {
  ...plain,
  id: '33333333-3333-4333-8333-333333333333',
  name: '\u001b]0;pwned\u0007Mallory\u001b[2J',
  company: '\u009b31mRed Co',
  message: 'one\ttwo\r\nthree\u0007',
};

describe('the staff exports with hostile enquiries', () => {
  it('prefixes formula-like text with a quote in every CSV column', () => {
    const csv = toCsv([hostile]);
    expect(csv.split('\r\n')[1]).toBe(
      `${plain.id},${plain.created_at},"'=HYPERLINK(""http://evil.example"",""x"")",${plain.email},"'@SUM(1+1)","'+1-555",,` +
        `"title]0;pwned clear[2J red31m bell del end","'=cmd|' /C calc'!A0",,,,,new,,,,,`,
    );
    for (const [index, column] of columns.entries()) {
      for (const start of ['=', '+', '-', '@', '\t', '\r']) {
        const row = toCsv([{ ...plain, [column]: `${start}1+1` }]).split('\r\n')[1]!;
        expect(row.split(',')[index], `${column} starting with ${JSON.stringify(start)}`).toMatch(/^"?'/);
      }
    }
  });

  it('keeps no control character in the CSV but tab, CR and LF inside quoted fields', () => {
    const csv = toCsv([hostile, escapes]);
    const lines = csv.split('\r\n');
    expect(lines[2]).toBe(`${escapes.id},${plain.created_at},"]0;pwnedMallory[2J",${plain.email},31mRed Co,,,"one\ttwo`);
    expect(lines[3]).toBe('three",,,,,,new,,,,,');
    expect(csv.replace(/"[^"]*"/g, '').replace(/\r\n/g, '')).not.toMatch(control);
    expect(csv.replace(/[\t\r\n]/g, '')).not.toMatch(control);
    expect(toCsv([{ ...plain, message: '\u001b=1+1', company: 'a\tb', phone: '\u0007\t+1' }])).toContain(`,"a\tb","'\t'+1",,"'=1+1",`);
  });

  it('prints the table with control characters removed and line breaks and tabs as spaces', () => {
    const table = toTable([hostile, escapes]);
    expect(table.replace(/\n/g, '')).not.toMatch(control);
    const lines = table.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('=HYPERLINK("http://evil…');
    expect(lines[2]).toContain('title]0;pwned clear[2J red31m bell del end');
    expect(lines[3]).toContain(']0;pwnedMallory[2J');
    expect(lines[3]).toContain('31mRed Co');
    expect(lines[3]).toContain('one two three');
    const emailColumn = lines[0]!.indexOf('Email');
    expect(lines[2]!.indexOf(plain.email)).toBe(emailColumn);
    expect(lines[3]!.indexOf(plain.email)).toBe(emailColumn);
  });

  it('prints JSON that keeps every value but escapes every control character', () => {
    const json = toJson([hostile, escapes]);
    expect(JSON.parse(json)).toEqual([hostile, escapes]);
    expect(json.replace(/\n/g, '')).not.toMatch(control);
    expect(json).toContain('"message": "title\\u001b]0;pwned\\u0007 clear\\u001b[2J red\\u009b31m bell\\u0007 del\\u007f end"');
    expect(json).toContain('"company": "\\u009b31mRed Co"');
  });
});

/**
 * The CSV as a spreadsheet opens it with `separator` between cells: a quote is honoured only at the start of a cell
 * (as Excel does), so in a `;` locale the quotes around a comma-separated field mean nothing.
 */
function openAsSpreadsheet(csv: string, separator: ',' | ';' | '|' | '\t'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < csv.length) {
    let cell = '';
    if (csv[i] === '"') {
      for (i += 1; i < csv.length; i += 1) {
        if (csv[i] !== '"') cell += csv[i];
        else if (csv[i + 1] === '"') cell += csv[(i += 1)];
        else break;
      }
      i += 1;
    }
    while (i < csv.length && csv[i] !== separator && csv[i] !== '\r' && csv[i] !== '\n') cell += csv[i++];
    row.push(cell);
    if (csv[i] === separator) {
      i += 1;
      continue;
    }
    if (csv[i] === '\r') i += 1;
    if (csv[i] === '\n') i += 1;
    rows.push(row);
    row = [];
  }
  return rows;
}

/** What a spreadsheet runs as a formula when a cell starts with it, full-width and small forms included. */
const formulaCharacter = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B]/;

/** Cells of `csv` that would start a formula once leading spaces (and quote marks) are dropped, per separator. */
function formulaCells(csv: string): string[] {
  return (['\u002c', ';', '|', '\t'] as const).flatMap((separator) =>
    openAsSpreadsheet(csv, separator as ',' | ';' | '|' | '\t')
      .flat()
      .filter((cell) => formulaCharacter.test(cell.replace(/^[\s"]+/, '')))
      .map((cell) => `${JSON.stringify(separator)}: ${JSON.stringify(cell)}`),
  );
}

describe('the CSV opened in every locale', () => {
  const formulas = [
    'x;=1+1;y',
    'x|=1+1',
    'x|=1+1|y',
    'a| @SUM(A1)',
    'a|"=1+1"|b',
    '|+1+1',
    ' =1+1',
    '\u3000=1+1',
    '\u00a0+1+1',
    '＝1+1',
    '＋1+1',
    '－1+1',
    '＠SUM(A1)',
    '﹦1+1',
    'a,=1+1',
    'a;  @SUM(A1)',
    'a\t=1+1',
    'a;"=1+1";b',
    'a; "@x"',
    'a\r\n=1+1',
    'a\n -1+1',
    'a\r+1',
    '=1+1;=2+2,=3+3',
    '\t=1+1',
    '\r=1+1',
  ];

  it('quotes fields that hold a semicolon or a vertical bar', () => {
    expect(toCsv([{ ...plain, company: 'Rao; Sons' }]).split('\r\n')[1]).toContain(',"Rao; Sons",');
    expect(toCsv([{ ...plain, company: 'Rao | Sons' }]).split('\r\n')[1]).toContain(',"Rao | Sons",');
  });

  it('opened with | as the list separator, x|=1+1 gives no live cell', () => {
    const csv = toCsv([{ ...plain, message: 'x|=1+1' }]);
    const [, row] = openAsSpreadsheet(csv, '|');
    expect(row).toHaveLength(2);
    expect(row![1]).toMatch(/^'=1\+1/);
    expect(formulaCells(csv)).toEqual([]);
  });

  it('splits into cells of which none starts a formula, on commas, on semicolons, on vertical bars and on tabs', () => {
    const opened = columns.flatMap((column) =>
      formulas.flatMap((value) => formulaCells(toCsv([{ ...plain, [column]: value }])).map((cell) => `${column} ${JSON.stringify(value)} → ${cell}`)),
    );
    expect(opened).toEqual([]);
    expect(formulaCells(toCsv([hostile, escapes, tricky]))).toEqual([]);
  });

  it('keeps the value readable, with only a quote mark before what could start a formula', () => {
    const [, row] = openAsSpreadsheet(toCsv([{ ...plain, message: 'x;=1+1;y', company: ' =1+1', phone: '＝1+1' }]), ',');
    expect(row!.slice(4, 8)).toEqual(["' =1+1", "'＝1+1", '', "x;'=1+1;y"]);
    expect(openAsSpreadsheet(toCsv([{ ...plain, message: 'Plain text; nothing to see, really.' }]), ',')[1]![7]).toBe('Plain text; nothing to see, really.');
  });
});

describe('reading enquiries through the REST API', () => {
  let backend: LocalBackend;
  // One backend on a fresh in-memory database for both tests, started in the hook: a start migrates a new database,
  // seconds on a loaded 2-core machine, which the tests' limit should not have to allow for.
  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('pages through all rows, newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = randomUUID();
      ids.push(id);
      const body = JSON.stringify({ id, name: 'N', email: `n${i}.${id.slice(0, 6)}@example.com`, message: 'M' });
      const reply = await httpRequest(`${backend.url}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: { apikey: localSupabaseAnonKey, 'content-type': 'application/json' },
        body,
        localAddress: loopbackAddress(i),
      });
      expect(reply.status).toBe(201);
    }
    const rows = await enquiryApi(backend.url, localSupabaseServiceRoleKey, 2).enquiries();
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    const times = rows.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // This backend sends no e-mail (notify is off), so each enquiry's notification is still owed.
    expect(rows.map((row) => row.notification?.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    expect(toTable(rows).split('\n')[2]).toMatch(/\bpending$/);
  });

  it('fails with a clear message when the key may not read', async () => {
    await expect(enquiryApi(backend.url, localSupabaseAnonKey).enquiries()).rejects.toThrow(/failed: 401 42501 permission denied/);
  });
});
