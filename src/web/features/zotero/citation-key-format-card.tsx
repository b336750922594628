import { useId, useState } from "react";
import { KeySquare } from "lucide-react";
import { blankPaper } from "@/shared/blank-paper";
import { citeKeyFor } from "@/shared/library/cite-key";
import { CITE_KEY_FORMATS, CITE_KEY_PLACEHOLDERS, type CiteKeyFormat } from "@/shared/library/library-constants";
import type { Paper } from "@/shared/paper";
import { SETTINGS_LIMITS } from "@/shared/user-data-values";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { toast } from "@/web/components/ui/use-toast";
import { useSaveSetting } from "@/web/features/settings/use-save-setting";
import { cn } from "@/web/lib/utils";

const FORMAT_LABELS: Record<CiteKeyFormat, { label: string; hint: string }> = {
  arxiv_id: { label: "arXiv ID", hint: "1706_03762" },
  first_author_year: { label: "Author + year", hint: "Vaswani2017" },
  title_year: { label: "Title + year", hint: "AttentionAllYou2017" },
  custom: { label: "Custom", hint: "Your pattern" },
};

/** The paper the preview shows keys for. */
export const SAMPLE_PAPER: Paper = {
  ...blankPaper("1706.03762", "arxiv"),
  title: "Attention Is All You Need",
  authors: ["Ashish Vaswani", "Noam Shazeer", "Niki Parmar"],
  url: "https://arxiv.org/abs/1706.03762",
  publishedDate: "2017-06-12",
  categories: ["cs.CL", "cs.LG"],
  category: "cs.CL",
  arxivId: "1706.03762v7",
};

/**
 * Citation Key Format (settings citeKeyFormat and
 * customCiteKeyPattern): arxiv_id, first_author_year, title_year or a custom pattern, with a
 * live preview of the key the exports will write.
 */
export function CitationKeyFormatCard() {
  const { settings, status, save } = useSaveSetting();
  const id = useId();
  const format = settings.citeKeyFormat;
  const preview = citeKeyFor(SAMPLE_PAPER, { citeKeyFormat: format, customCiteKeyPattern: settings.customCiteKeyPattern });
  // The pattern saves as it is typed: a line under it confirms, where a toast per key would pile up.
  const [patternSaved, setPatternSaved] = useState(false);
  const handleFormat = async (value: CiteKeyFormat) => {
    setPatternSaved(false);
    if (await save({ citeKeyFormat: value })) toast({ title: "Citation key format saved", description: `${FORMAT_LABELS[value].label}: BibTeX exports use it from now on.` });
  };
  const handlePattern = async (pattern: string) => {
    setPatternSaved(false);
    setPatternSaved(await save({ customCiteKeyPattern: pattern }));
  };
  return (
    <Card>
      <SettingsCardHeader icon={KeySquare} title="Citation Key Format" description="The key every export (BibTeX, RIS, CSL-JSON) gives each paper. Under arXiv ID, a paper without one is keyed by its DOI." />
      <CardContent className="space-y-4">
        <fieldset className="min-w-0" disabled={status === "loading"}>
          <legend className="mb-2 text-sm font-medium">Format</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-4">
            {CITE_KEY_FORMATS.map((value) => (
              <label
                key={value}
                className={cn(
                  "relative flex cursor-pointer flex-col items-center justify-center rounded-md px-2 py-1.5 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  format === value ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
                )}
              >
                <input type="radio" name={`${id}-format`} value={value} checked={format === value} onChange={() => void handleFormat(value)} className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0" />
                <span className="text-sm font-medium">{FORMAT_LABELS[value].label}</span>
                <span className="font-mono text-[0.6875rem] leading-tight text-muted-foreground" aria-hidden>
                  {FORMAT_LABELS[value].hint}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {format === "custom" ? (
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-pattern`}>Custom pattern</Label>
            <Input
              id={`${id}-pattern`}
              value={settings.customCiteKeyPattern}
              maxLength={SETTINGS_LIMITS.customCiteKeyPattern}
              placeholder="{first_author}_{year}_{short_title}"
              onChange={(event) => void handlePattern(event.target.value)}
              className="font-mono"
            />
            <p role="status" className="text-xs font-medium text-muted-foreground">
              {patternSaved ? "Pattern saved." : null}
            </p>
            <p className="text-xs text-muted-foreground">
              Placeholders: {CITE_KEY_PLACEHOLDERS.map((name) => `{${name}}`).join(", ")}. Other characters become underscores.
            </p>
          </div>
        ) : null}
        <p className="text-sm">
          <span className="text-muted-foreground">Preview for “{SAMPLE_PAPER.title}”: </span>
          <output aria-label="Citation key preview" className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm">
            {preview}
          </output>
        </p>
      </CardContent>
    </Card>
  );
}
