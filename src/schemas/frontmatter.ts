/** The YAML between the opening and the closing `---` of an MDX file, and where it starts in the file. */
export function frontmatterOf(source: string): { yaml: string; offset: number } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  return match ? { yaml: match[1]!, offset: match[0].indexOf(match[1]!) } : undefined;
}
