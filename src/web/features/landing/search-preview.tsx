import { Bookmark, Search } from "lucide-react";
import { cn } from "@/web/lib/utils";

type PreviewResult = {
  title: string;
  authors: string[];
  moreAuthors: number;
  source: "arXiv" | "OpenAlex" | "Crossref";
  detail: string;
  year: string;
  bookmarked: boolean;
};

// Real papers, so the picture shows what a real result list looks like.
const RESULTS: PreviewResult[] = [
  {
    title: "Attention Is All You Need",
    authors: ["A. Vaswani", "N. Shazeer", "N. Parmar"],
    moreAuthors: 5,
    source: "arXiv",
    detail: "cs.CL",
    year: "2017",
    bookmarked: true,
  },
  {
    title: "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
    authors: ["J. Devlin", "M.-W. Chang", "K. Lee"],
    moreAuthors: 1,
    source: "OpenAlex",
    detail: "NAACL",
    year: "2019",
    bookmarked: false,
  },
  {
    title: "Transformers: State-of-the-Art Natural Language Processing",
    authors: ["T. Wolf", "L. Debut", "V. Sanh"],
    moreAuthors: 13,
    source: "Crossref",
    detail: "EMNLP Demos",
    year: "2020",
    bookmarked: false,
  },
];

const SOURCE_STYLES: Record<PreviewResult["source"], string> = {
  arXiv: "bg-[oklch(0.93_0.05_25)] text-[oklch(0.42_0.13_25)] dark:bg-[oklch(0.32_0.07_25)] dark:text-[oklch(0.88_0.06_25)]",
  OpenAlex:
    "bg-[oklch(0.93_0.05_160)] text-[oklch(0.4_0.09_160)] dark:bg-[oklch(0.32_0.06_160)] dark:text-[oklch(0.88_0.06_160)]",
  Crossref:
    "bg-[oklch(0.93_0.04_250)] text-[oklch(0.42_0.1_250)] dark:bg-[oklch(0.32_0.06_250)] dark:text-[oklch(0.88_0.05_250)]",
};

/** An illustration of a Quire search: one query, three sources, one list. */
export function SearchPreview() {
  return (
    <div
      role="img"
      aria-label="Example of a Quire search: one field query listing papers from arXiv, OpenAlex and Crossref together"
      className="relative"
    >
      <div
        aria-hidden
        className="absolute -inset-3 -z-10 rounded-[1.75rem] bg-gradient-to-br from-primary/15 via-transparent to-highlight/20 blur-2xl"
      />
      <div className="overflow-hidden rounded-2xl border border-border bg-card shadow-xl shadow-black/5 dark:shadow-black/30">
        <div className="flex items-center gap-1.5 border-b border-border px-4 py-3">
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="ml-3 text-xs text-muted-foreground">Search Papers</span>
        </div>
        <div className="p-4 sm:p-5">
          <div className="flex items-center gap-2.5 rounded-lg border border-input bg-background px-3 py-2.5">
            <Search className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate font-mono text-[0.8125rem]">
              <span className="text-primary">abs:</span>transformer <span className="text-muted-foreground">AND</span>{" "}
              <span className="text-primary">cat:</span>cs.CL
            </span>
          </div>
          <div className="mt-3 flex flex-wrap gap-1.5 text-[0.7rem] font-medium">
            {(["arXiv", "OpenAlex", "Crossref"] as const).map((source) => (
              <span key={source} className="rounded-full border border-border px-2 py-0.5 text-muted-foreground">
                {source}
              </span>
            ))}
            <span className="ml-auto text-muted-foreground">Newest first</span>
          </div>
          <ul className="mt-3 divide-y divide-border">
            {RESULTS.map((result) => (
              <li key={result.title} className="flex gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-serif text-[0.95rem] leading-snug font-semibold">{result.title}</p>
                  <p className="mt-1 truncate text-xs text-muted-foreground">
                    {result.authors.join(", ")} <span className="text-primary">+{result.moreAuthors} more</span>
                  </p>
                  <div className="mt-2 flex items-center gap-2 text-[0.7rem]">
                    <span className={cn("rounded px-1.5 py-0.5 font-semibold", SOURCE_STYLES[result.source])}>
                      {result.source}
                    </span>
                    <span className="text-muted-foreground">
                      {result.detail} · {result.year}
                    </span>
                  </div>
                </div>
                <Bookmark
                  className={cn(
                    "mt-0.5 size-4 shrink-0",
                    result.bookmarked ? "fill-primary text-primary" : "text-muted-foreground",
                  )}
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
