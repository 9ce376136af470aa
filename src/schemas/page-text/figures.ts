/**
 * Company figures written out by hand in a page's text ("500+ ERP implementations"), found phrase by phrase: the
 * words of a paragraph, heading or table cell read as one text, links' words included, their addresses, code and
 * facts left out (src/schemas/bare-figures.ts says what counts). For the build and the editor alike.
 */
import { bareFigures } from '../bare-figures.ts';
import type { Position, TextProblem, TreeNode } from './tree.ts';

const phrases = new Set(['paragraph', 'heading', 'tableCell']);
/** Inline nodes whose words are part of the phrase around them. */
const inline = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference', 'mdxJsxTextElement']);

interface Piece {
  from: number;
  text: string;
  at?: Position;
}

/** The phrase's text, and where each of its text nodes starts; code, facts and breaks become spaces. */
function piecesOf(node: TreeNode, pieces: Piece[] = [], from = { length: 0 }): Piece[] {
  for (const child of node.children ?? []) {
    const text = child.type === 'text' ? String(child.value ?? '') : inline.has(child.type) ? undefined : ' ';
    if (text === undefined) {
      piecesOf(child, pieces, from);
      continue;
    }
    pieces.push({ from: from.length, text, ...(child.type === 'text' && child.position ? { at: child.position.start } : {}) });
    from.length += text.length;
  }
  return pieces;
}

/** The line and column of `index` in the phrase, from the text node it falls in. */
function positionIn(pieces: Piece[], index: number, fallback: Position): Position {
  const piece = pieces.findLast((item) => item.from <= index && item.at) ?? pieces.find((item) => item.at);
  if (!piece?.at) return fallback;
  const before = piece.text.slice(0, Math.max(0, index - piece.from));
  const lines = before.split('\n');
  return lines.length === 1
    ? { line: piece.at.line, column: piece.at.column + before.length }
    : { line: piece.at.line + lines.length - 1, column: lines.at(-1)!.length + 1 };
}

export function bareFiguresIn(node: TreeNode, at: Position = { line: 1, column: 1 }): TextProblem[] {
  const here = node.position?.start ?? at;
  if (!phrases.has(node.type)) return (node.children ?? []).flatMap((child) => bareFiguresIn(child, here));
  const pieces = piecesOf(node);
  return bareFigures(pieces.map((piece) => piece.text).join('')).map(({ index, message }) => ({ ...positionIn(pieces, index, here), message }));
}
