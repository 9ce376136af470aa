/**
 * The page text's tree in the editor. The build parses with Sätteri, whose browser build needs shared WebAssembly
 * memory (a cross-origin isolated page, which the GitHub sign-in pop-up cannot live with) and a 3 MB module; micromark
 * with its MDX extensions gives the same mdast node types in plain JavaScript, and tests/unit/page-text.test.ts runs
 * every case through both and expects the same problems.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { TreeNode } from './tree.ts';

export const parseInBrowser = (source: string): TreeNode =>
  fromMarkdown(source, { extensions: [mdxjs()], mdastExtensions: [mdxFromMarkdown()] }) as unknown as TreeNode;
