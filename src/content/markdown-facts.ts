/**
 * Puts the facts of src/config/facts.ts into MDX bodies, as a plugin of Sätteri, Astro's Markdown processor.
 * MDX reads `{{name}}` as an expression holding `{name}`: such expressions become the fact's text, as do
 * placeholders in link URLs. An unknown name stops the build with the file, the line and the known names.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineMdastPlugin } from 'satteri';
import { facts, isFactName, withFacts } from '../config/facts.ts';
import { factOfExpression, unknownFact as unknownFactSentence } from '../schemas/page-text/facts.ts';
import { contentProblem } from './build-errors.ts';

type Context = Parameters<NonNullable<Parameters<typeof defineMdastPlugin>[0]['text']>>[1];
type Positioned = { position?: { start: { line: number; column: number } } | undefined };

/** Sätteri's reported diagnostics do not stop a compile, so an unknown fact throws: the page must not build without it. */
function unknownFact(name: string, node: Positioned, context: Context): never {
  const file = context.fileURL ? fileURLToPath(context.fileURL) : 'an MDX file';
  const at = node.position?.start;
  const where = relative(process.cwd(), file);
  const message = unknownFactSentence(name);
  throw contentProblem(where, [at ? `${where}:${at.line}:${at.column} ${message}` : message], at, file);
}

function replaceExpression(node: { value: string } & Positioned, context: Context, asParagraph: boolean) {
  const name = factOfExpression(node.value);
  if (name === undefined) return;
  if (!isFactName(name)) unknownFact(name, node, context);
  const text = { type: 'text' as const, value: facts[name] };
  context.replaceNode(node as never, asParagraph ? { type: 'paragraph', children: [text] } : text);
}

export const factsPlugin = defineMdastPlugin({
  name: 'facts',
  options: { position: true },
  mdxTextExpression: (node, context) => replaceExpression(node, context, false),
  mdxFlowExpression: (node, context) => replaceExpression(node, context, true),
  link(node, context) {
    const url = withFacts(node.url, (name) => unknownFact(name, node, context));
    if (url !== node.url) context.setField(node, 'url', url);
  },
});
