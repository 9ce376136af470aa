/**
 * Facts in a page's text: MDX reads `{{name}}` as an expression holding `{name}`, which the build fills in
 * (src/content/markdown-facts.ts), as it does placeholders in link URLs. An unknown name is refused with the
 * known names, in the build and the editor alike.
 */
import { facts, isFactName, unknownFactMessage, withFacts } from '../../config/facts.ts';
import { closestName } from '../issue-messages.ts';
import { nodesOf, type TextProblem, type TreeNode } from './tree.ts';

/** The name in `{name}`, the value MDX gives an expression written `{{name}}`. */
export const factOfExpression = (code: string) => /^\s*\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\s*$/.exec(code)?.[1];

export const unknownFact = (name: string) => unknownFactMessage(name, closestName(name, Object.keys(facts)));

export function unknownFactsIn(tree: TreeNode): TextProblem[] {
  return [...nodesOf(tree)].flatMap(({ node, at }) => {
    const names: string[] = [];
    if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
      const name = factOfExpression(String(node.value ?? ''));
      if (name !== undefined && !isFactName(name)) names.push(name);
    }
    if (node.type === 'link' && node.url) withFacts(node.url, (name) => names.push(name));
    return names.map((name) => ({ ...at, message: unknownFact(name) }));
  });
}
