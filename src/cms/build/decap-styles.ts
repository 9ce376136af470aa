/**
 * What the editor's `style-src` lists instead of 'unsafe-inline'. Decap CMS styles itself with emotion, which in a
 * production bundle inserts each rule into an empty <style> element through the CSSOM (`insertRule`, which a policy
 * does not govern; the empty element is allowed by the hash of the empty text), and React's `style` props, set through
 * the CSSOM too. Two libraries in its bundle instead write a fixed stylesheet as the text of a <style> element
 * (react-toastify's `.innerText = '…'`, Uploadcare's style-inject `createTextNode(css)`): those texts are read from the
 * bundle where they are handed over, and hashed. A Decap upgrade that adds another shows in
 * tests/e2e/admin-editor.spec.ts, which fails on any style the policy refuses. Build time only (Node).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decapAssetFiles, decapDist } from './decap-assets.ts';

/** A single-quoted string literal handed to a <style> element: `el.innerText='…'`, or style-inject's `}('…'`. */
const injectedStylesheet = /(?:\.innerText=|createTextNode\(\w+\)\)\}\}\()('(?:[^'\\\n]|\\.)*')/g;

/** The text a JavaScript string literal stands for. */
export function stringLiteralValue(literal: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0' };
  return literal
    .slice(1, -1)
    .replace(/\\(u\{[\da-f]+\}|u[\da-f]{4}|x[\da-f]{2}|\r\n|[\s\S])/gi, (_, escape: string) =>
      /^[ux]/i.test(escape) && escape.length > 1
        ? String.fromCodePoint(parseInt(escape.replace(/^u\{?|^x|\}$/gi, ''), 16))
        : /^(\r\n|\n|\r|\u2028|\u2029)$/.test(escape)
          ? ''
          : (simple[escape] ?? escape),
    );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The fixed stylesheets Decap's JavaScript files write into <style> elements. */
export function decapInjectedStylesheets(code: string): string[] {
  return [...code.matchAll(injectedStylesheet)].map((match) => stringLiteralValue(match[1]!));
}

let hashes: string[] | undefined;

/** The policy's sources for Decap's <style> elements: the empty one emotion fills, and each fixed stylesheet. */
export function decapStyleHashes(): string[] {
  hashes ??= [
    ...new Set([
      sha256(''),
      ...decapAssetFiles()
        .filter((file) => file.endsWith('.js'))
        .flatMap((file) => decapInjectedStylesheets(readFileSync(join(decapDist, file), 'utf8')).map(sha256)),
    ]),
  ];
  return hashes;
}
