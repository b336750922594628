import { SEARCH_SOURCES, type SearchSource } from "@/shared/search-options";
import { cn } from "@/web/lib/utils";

export const SOURCE_LABELS: Record<SearchSource, string> = { arxiv: "arXiv", openalex: "OpenAlex", crossref: "Crossref" };
const SOURCE_HINTS: Record<SearchSource, string> = {
  arxiv: "Preprints",
  openalex: "Scholarly index",
  crossref: "DOI registry",
};

/** The Database Source radio: three real radio buttons drawn as a segmented control. */
export function SourceRadio({ value, onChange }: { value: SearchSource; onChange: (source: SearchSource) => void }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium">Database Source</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {SEARCH_SOURCES.map((source) => (
          <label
            key={source}
            className={cn(
              "relative flex cursor-pointer flex-col items-center justify-center rounded-md px-2 py-1.5 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              value === source ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <input
              type="radio"
              name="source"
              value={source}
              checked={value === source}
              onChange={() => onChange(source)}
              // Covers the whole segment, invisible: the label is what shows, the radio is what is hit.
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-md opacity-0"
            />
            <span className="text-sm font-medium">{SOURCE_LABELS[source]}</span>
            <span className="hidden text-[0.6875rem] leading-tight text-muted-foreground sm:block" aria-hidden>
              {SOURCE_HINTS[source]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
