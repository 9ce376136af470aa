/** Rows of cells in columns as wide as their widest cell, two spaces apart; a rule of dashes under the first row unless `rule` is false. */
export function table(rows: string[][], rightAligned: (column: number) => boolean = () => false, rule = true): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) =>
    row
      .map((text, i) => (rightAligned(i) ? text.padStart(widths[i]!) : text.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
  if (rule) lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  return lines;
}
