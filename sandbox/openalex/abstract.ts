/** An abstract back from OpenAlex's inverted index (word -> positions), for searching recorded works. */
export function abstractOf(work: Record<string, unknown>): string {
  const index = work.abstract_inverted_index as Record<string, number[]> | null | undefined;
  if (!index) return "";
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) for (const position of positions) words[position] = word;
  return words.filter((word) => word !== undefined).join(" ");
}
