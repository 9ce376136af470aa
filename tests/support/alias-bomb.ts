/** "Billion laughs": ten levels of ten YAML aliases, 10^10 strings once expanded, as a frontmatter of under 500 bytes. */
export function aliasBomb(): string {
  const names = 'abcdefghij';
  let yaml = `lol: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n`;
  for (let level = 1; level < 10; level++)
    yaml += `lol${level}: &${names[level]} [${Array(10)
      .fill(`*${names[level - 1]}`)
      .join(',')}]\n`;
  return `---\n${yaml}---\n`;
}
