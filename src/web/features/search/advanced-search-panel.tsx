import { useId, useState, type FormEvent } from "react";
import { Plus, RefreshCw, X } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import type { AdvancedFields } from "./search-url";

export const QUICK_YEARS = [2024, 2023, 2022] as const;

type AdvancedSearchPanelProps = {
  id: string;
  /** The fields as the URL has them; the panel edits a copy. */
  initial: AdvancedFields;
  onSearch: (fields: AdvancedFields) => void;
  onClear: () => void;
  onRefresh: () => void;
};

/** A full YYYY-MM-DD for the date inputs; a URL may hold just a year or a month. */
function toDateInput(value: string, end: boolean): string {
  if (/^\d{4}$/.test(value)) return end ? `${value}-12-31` : `${value}-01-01`;
  if (/^\d{4}-\d{2}$/.test(value)) {
    if (!end) return `${value}-01`;
    const [year, month] = value.split("-").map(Number) as [number, number];
    return `${value}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, "0")}`;
  }
  return value;
}

/**
 * The Advanced Search panel: a title, several authors (add and remove), a date range with
 * clear buttons and quick years, and the Advanced Search, Clear and Refresh buttons.
 */
export function AdvancedSearchPanel({ id, initial, onSearch, onClear, onRefresh }: AdvancedSearchPanelProps) {
  const baseId = useId();
  const [title, setTitle] = useState(initial.title);
  const [authors, setAuthors] = useState<string[]>(initial.authors.length > 0 ? initial.authors : [""]);
  const [dateFrom, setDateFrom] = useState(toDateInput(initial.dateFrom, false));
  const [dateTo, setDateTo] = useState(toDateInput(initial.dateTo, true));
  const [problem, setProblem] = useState<string | null>(null);

  const fields = (): AdvancedFields => ({ title, authors, dateFrom, dateTo });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (dateFrom && dateTo && dateFrom > dateTo) {
      setProblem("The From date is after the To date.");
      return;
    }
    setProblem(null);
    onSearch(fields());
  };

  const handleClear = () => {
    setTitle("");
    setAuthors([""]);
    setDateFrom("");
    setDateTo("");
    setProblem(null);
    onClear();
  };

  const setAuthor = (index: number, value: string) => setAuthors((current) => current.map((author, position) => (position === index ? value : author)));
  const removeAuthor = (index: number) => setAuthors((current) => (current.length === 1 ? [""] : current.filter((_, position) => position !== index)));
  const pickYear = (year: number) => {
    setDateFrom(`${year}-01-01`);
    setDateTo(`${year}-12-31`);
  };
  const problemId = `${baseId}-problem`;

  return (
    <form id={id} onSubmit={handleSubmit} aria-label="Advanced Search" className="space-y-5 border-t border-border pt-5">
      <div className="grid gap-5 md:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${baseId}-title`}>Title</Label>
          <Input id={`${baseId}-title`} value={title} onChange={(event) => setTitle(event.target.value)} placeholder="Words in the title" />
        </div>

        <fieldset className="space-y-2">
          {/* Floated so it sits like the Title label beside it, not on the fieldset's border. */}
          <legend className="float-left mb-2 w-full text-sm leading-none font-medium">Authors</legend>
          {authors.map((author, index) => (
            <div key={index} className="clear-left flex gap-2">
              <Input
                id={`${baseId}-author-${index}`}
                aria-label={`Author ${index + 1}`}
                value={author}
                onChange={(event) => setAuthor(index, event.target.value)}
                placeholder={index === 0 ? "e.g. Yoshua Bengio" : "Another author"}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={() => removeAuthor(index)}
                aria-label={`Remove author ${index + 1}`}
                disabled={authors.length === 1 && !author}
              >
                <X aria-hidden />
              </Button>
            </div>
          ))}
          <Button type="button" variant="outline" size="sm" onClick={() => setAuthors((current) => [...current, ""])}>
            <Plus aria-hidden />
            Add author
          </Button>
        </fieldset>
      </div>

      <fieldset>
        <legend className="float-left mb-2 w-full text-sm leading-none font-medium">Date Range</legend>
        <div className="clear-left flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          {(
            [
              ["From", dateFrom, setDateFrom],
              ["To", dateTo, setDateTo],
            ] as const
          ).map(([label, value, setValue]) => (
            <div key={label} className="space-y-1.5">
              <Label htmlFor={`${baseId}-${label}`} className="text-xs text-muted-foreground">
                {label}
              </Label>
              <div className="flex gap-1">
                <Input
                  id={`${baseId}-${label}`}
                  type="date"
                  value={value}
                  max="2999-12-31"
                  onChange={(event) => setValue(event.target.value)}
                  aria-describedby={problem ? problemId : undefined}
                  className="w-full sm:w-44"
                />
                <Button type="button" variant="ghost" size="icon" onClick={() => setValue("")} disabled={!value} aria-label={`Clear ${label} date`}>
                  <X aria-hidden />
                </Button>
              </div>
            </div>
          ))}
          <div role="group" aria-label="Quick years" className="flex gap-1.5 sm:pb-0.5">
            {QUICK_YEARS.map((year) => (
              <Button key={year} type="button" variant="secondary" size="sm" onClick={() => pickYear(year)} aria-label={`Only ${year}`}>
                {year}
              </Button>
            ))}
          </div>
        </div>
        {problem ? (
          <p id={problemId} role="alert" className="mt-2 text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </fieldset>

      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button type="submit" className="col-span-2">
          Advanced Search
        </Button>
        <Button type="button" variant="outline" onClick={handleClear}>
          Clear
        </Button>
        <Button type="button" variant="outline" onClick={onRefresh} title="Back to arXiv, relevance, 50 per page">
          <RefreshCw aria-hidden />
          Refresh
        </Button>
      </div>
    </form>
  );
}
