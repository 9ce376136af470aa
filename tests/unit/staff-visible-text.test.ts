/**
 * What staff read of an enquiry in `npm run enquiries` (scripts/enquiry-export/visible-text.ts): a character that is
 * invisible or turns the text around shows as a marker naming it, control characters are gone, and every other
 * letter, accent and emoji is as the visitor typed it.
 */
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../scripts/enquiry-export/visible-text.ts';
import { cell, csvField, toCsv, toTable, type StoredEnquiry } from '../../scripts/enquiry-export/enquiry-export-format.ts';

/** Shows as "Raviexe.png" where U+202E is obeyed. */
const reversed = 'Ravi\u202Egnp.exe';

const row: StoredEnquiry = {
  id: '44444444-4444-4444-8444-444444444444',
  created_at: '2026-11-21T09:00:00+00:00',
  name: reversed,
  email: 'ravi@example.com',
  company: 'Acme\u200B Ltd',
  phone: null,
  service: null,
  message: 'first\u2028second\r\nthird',
  client_address: null,
  state: 'new',
  state_changed_at: null,
  state_changed_by: null,
};

/** Any character a reader cannot see or that moves other text: controls, format characters, line/paragraph separators. */
const hidden = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

describe('visible text for staff', () => {
  it('marks each invisible or bidi character, drops control characters and keeps tab and line breaks', () => {
    expect(visibleText(reversed)).toBe('Ravi⟨U+202E⟩gnp.exe');
    expect(visibleText('Ra\u200Bvi')).toBe('Ra⟨U+200B⟩vi');
    expect(visibleText('one\u2028two\u2029three')).toBe('one⟨U+2028⟩two⟨U+2029⟩three');
    expect(visibleText('nul\u0000here, escape\u001b[2J, csi\u009b31m, del\u007f')).toBe('nulhere, escape[2J, csi31m, del');
    expect(visibleText('a\tb\r\nc\nd')).toBe('a\tb\r\nc\nd');
    expect(visibleText('\u2066\u2067\u2068\u2069\u202A\u202B\u202C\u202D\u200E\u200F\u061C')).toBe(
      '⟨U+2066⟩⟨U+2067⟩⟨U+2068⟩⟨U+2069⟩⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩',
    );
    expect(visibleText('\uFEFFword\u2060joiner\u00ADhyphen\u{E0041}tag')).toBe('⟨U+FEFF⟩word⟨U+2060⟩joiner⟨U+00AD⟩hyphen⟨U+E0041⟩tag');
  });

  it('keeps names, accents, spaces and emoji as typed', () => {
    for (const text of ['Zoë Žofia 李', 'Zoe\u0308 (combining)', 'Ōsaka\u00a0office\u3000東京', 'مرحبا שלום', '👍🏽 ❤️ 🇮🇳']) {
      expect(visibleText(text)).toBe(text);
    }
  });

  it('keeps a zero-width joiner between two emoji and marks it anywhere else', () => {
    for (const emoji of ['👩‍💻', '👨‍👩‍👧', '🧑🏽‍💻', '🏳️‍🌈', '❤️‍🔥']) expect(visibleText(`dev ${emoji}`)).toBe(`dev ${emoji}`);
    expect(visibleText('pay\u200Dpal')).toBe('pay⟨U+200D⟩pal');
    expect(visibleText('👩\u200Dx')).toBe('👩⟨U+200D⟩x');
    expect(visibleText('x\u200D💻')).toBe('x⟨U+200D⟩💻');
  });

  it('leaves no hidden character of the whole of Unicode but tab, CR, LF and an emoji joiner', () => {
    let checked = 0;
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCodePoint(code);
      if (!hidden.test(character) || '\t\r\n'.includes(character)) continue;
      checked++;
      expect(visibleText(`a${character}b`), `U+${code.toString(16)}`).not.toMatch(hidden);
    }
    // Cc (65 less tab, CR, LF) and Cf (170 in Unicode 15.1, more in later versions), U+2028 and U+2029.
    expect(checked).toBeGreaterThan(230);
  });
});

describe('the staff table and CSV show it', () => {
  it('the table keeps each enquiry on one line, with the markers in place', () => {
    expect(cell(reversed, 24)).toBe('Ravi⟨U+202E⟩gnp.exe');
    const lines = toTable([row], new Date('2026-11-21T10:00:00Z')).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('Ravi⟨U+202E⟩gnp.exe');
    expect(lines[2]).toContain('Acme⟨U+200B⟩ Ltd');
    expect(lines[2]).toContain('first⟨U+2028⟩second third');
    for (const line of lines) expect(line).not.toMatch(hidden);
  });

  it('the CSV marks them too, keeps CR LF inside a quoted field, and still defuses formulas', () => {
    expect(csvField(reversed)).toBe('Ravi⟨U+202E⟩gnp.exe');
    expect(csvField('=1+1\u202E')).toBe(`"'=1+1⟨U+202E⟩"`);
    expect(csvField('\u202E=1+1')).toBe('⟨U+202E⟩=1+1');
    const [, line] = toCsv([row]).split('\r\n');
    expect(line).toBe(`${row.id},${row.created_at},Ravi⟨U+202E⟩gnp.exe,ravi@example.com,Acme⟨U+200B⟩ Ltd,,,"first⟨U+2028⟩second`);
    expect(toCsv([row]).replace(/[\t\r\n]/g, '')).not.toMatch(hidden);
  });
});
