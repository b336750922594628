import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Check, Copy, Play, Wand2 } from "lucide-react";
import type { ParsedQuery } from "@/shared/llm/parsed-query";
import { formatForArxiv, formatForOpenAlex, type FormattedQuery } from "@/shared/llm/query-format";
import type { ParseOutcome } from "@/shared/llm/query-parsing";
import { partsAgree, queryTestCasesTagged, QUERY_TEST_TAGS, type QueryTestCase, type QueryTestTag } from "@/shared/llm/query-test-cases";
import { parseQueryWithRules } from "@/shared/llm/rule-based-parser";
import { ToolPage, ToolSection } from "@/web/components/tool-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { FieldList } from "@/web/features/user-data/user-data-sections";
import { parseForSearch } from "@/web/features/llm/llm-client";
import { useLlmDefaults, useLlmKeyStore } from "@/web/features/llm/llm-queries";

/** The query the page opens with: the spec's own example. */
export const SAMPLE_QUERY = "papers by Hinton on capsule networks since 2019 with at least 100 citations, open access";
/** How long "Copied" shows after a copy. */
export const COPY_CONFIRMATION_MS = 2000;

const list = (values: readonly string[]) => (values.length ? values.join(", ") : "—");

function ParsedComponents({ parsed }: { parsed: ParsedQuery }) {
  return (
    <FieldList
      rows={[
        ["Authors", list(parsed.authors)],
        ["Topics", list(parsed.topics)],
        ["Year range", parsed.yearRange ? `${parsed.yearRange.start} – ${parsed.yearRange.end ?? "now"}` : "—"],
        ["Institutions", list(parsed.institutions)],
        ["Venues", list(parsed.venues)],
        ["arXiv categories", list(parsed.arxivCategories)],
        ["Min citations", parsed.minCitations === undefined ? "—" : String(parsed.minCitations)],
        ["Open access required", parsed.openAccess ? "Yes" : "No"],
        ["Title / abstract words", [parsed.fieldSearches.title, parsed.fieldSearches.abstract].filter(Boolean).join(" · ") || "—"],
        ["Warnings", parsed.warnings.length ? parsed.warnings.join(" ") : "—"],
      ]}
    />
  );
}

/** A copy button that says "Copied" for two seconds. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy ${label}`}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

function FormattedView({ formatted, label }: { formatted: FormattedQuery; label: string }) {
  const text = formatted.filterString ? `${formatted.queryString}\nfilter=${formatted.filterString}` : formatted.queryString;
  return (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <pre className="min-w-0 flex-1 overflow-x-auto rounded-md border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap break-all">{text || "(no text search)"}</pre>
        <CopyButton text={text} label={`${label} query`} />
      </div>
      <FieldList
        rows={[
          ...Object.entries(formatted.parameters).map(([name, value]): [string, ReactNode] => [name, <code key={name} className="font-mono text-xs break-all">{value}</code>]),
          ["Left out", formatted.omitted.length ? formatted.omitted.join(" ") : "—"],
        ]}
      />
    </div>
  );
}

function Comparison({ parsed }: { parsed: ParsedQuery }) {
  const rules = parseQueryWithRules(parsed.originalQuery);
  const agree = partsAgree(parsed, rules);
  return (
    <div className="space-y-2 text-sm">
      <p className="text-muted-foreground">The parse above against the rule-based parser (no network) on the parts both read.</p>
      <ul className="space-y-1">
        {(["authors", "years", "categories"] as const).map((part) => (
          <li key={part} className="flex items-center gap-2">
            <Badge variant={agree[part] ? "secondary" : "destructive"}>{agree[part] ? "agree" : "differ"}</Badge>
            <span className="capitalize">{part}</span>
          </li>
        ))}
      </ul>
      <FieldList
        rows={[
          ["Rules: authors", list(rules.authors)],
          ["Rules: years", rules.yearRange ? `${rules.yearRange.start} – ${rules.yearRange.end ?? "now"}` : "—"],
          ["Rules: categories", list(rules.arxivCategories)],
        ]}
      />
    </div>
  );
}

function TestCaseRow({ testCase, onUse }: { testCase: QueryTestCase; onUse: (query: string) => void }) {
  const parsed = parseQueryWithRules(testCase.query);
  const agree = partsAgree(parsed, testCase.expected);
  const passed = agree.authors && agree.years && agree.categories;
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words">{testCase.query}</p>
        <p className="mt-1 flex flex-wrap gap-1">
          {testCase.tags.map((tag) => (
            <Badge key={tag} variant="outline">{tag}</Badge>
          ))}
          <Badge variant={passed ? "secondary" : "destructive"}>{passed ? "rules match" : "rules differ"}</Badge>
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={() => onUse(testCase.query)}>
        <Play aria-hidden />
        Parse
      </Button>
    </li>
  );
}

/**
 * /dev/query-tester: parses a plain-language query the way
 * the search page does (the default model, or the rule-based parser when there is no key or
 * the model fails) and shows the parsed components, the arXiv and OpenAlex formats and a
 * comparison with the rules; the labelled test cases, filterable by tag, parse in one click.
 */
export function QueryTesterPage() {
  const [query, setQuery] = useState(SAMPLE_QUERY);
  const [tag, setTag] = useState<QueryTestTag | "">("");
  const [outcome, setOutcome] = useState<ParseOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const defaults = useLlmDefaults();
  const { store, ready } = useLlmKeyStore();

  const parse = async (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setBusy(true);
    setProblem(null);
    try {
      setOutcome(await parseForSearch(trimmed, { provider: defaults.provider, model: defaults.model, store }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The query could not be parsed.");
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void parse(query);
  };
  const useCase = (text: string) => {
    setQuery(text);
    void parse(text);
  };
  const parsed = outcome?.parsed ?? null;
  const cases = queryTestCasesTagged(tag || undefined);

  return (
    <ToolPage title="Query Tester" description="Parse a plain-language query as the search page does, and see what each source is sent.">
      <ToolSection id="parse" title="Query" description={`Parsed with ${defaults.provider} ${defaults.model || ""}; without a key or when the model fails, by rules.`}>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <Label htmlFor="query-tester-input" className="sr-only">
            Query
          </Label>
          <Input id="query-tester-input" value={query} onChange={(event) => setQuery(event.target.value)} className="flex-1" />
          <Button type="submit" disabled={!query.trim() || busy || !ready}>
            <Wand2 aria-hidden />
            {busy ? "Parsing…" : "Parse"}
          </Button>
        </form>
        {problem ? <p role="alert" className="mt-2 text-sm text-destructive">{problem}</p> : null}
        {outcome ? (
          <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
            {outcome.source === "llm" ? `Parsed by ${outcome.provider} (${outcome.model}).` : outcome.source === "fallback" ? "Parsed by the rule-based parser." : "Field-prefixed: searched as typed, not parsed."}
          </p>
        ) : null}
      </ToolSection>

      {parsed ? (
        <ToolSection id="result" title="Result">
          <Tabs defaultValue="parsed">
            <TabsList className="h-auto max-w-full justify-start overflow-x-auto">
              <TabsTrigger value="parsed">Parsed Components</TabsTrigger>
              <TabsTrigger value="arxiv">ArXiv Format</TabsTrigger>
              <TabsTrigger value="openalex">OpenAlex Format</TabsTrigger>
              <TabsTrigger value="comparison">Comparison</TabsTrigger>
            </TabsList>
            <TabsContent value="parsed">
              <ParsedComponents parsed={parsed} />
            </TabsContent>
            <TabsContent value="arxiv">
              <FormattedView formatted={formatForArxiv(parsed)} label="arXiv" />
            </TabsContent>
            <TabsContent value="openalex">
              <FormattedView formatted={formatForOpenAlex(parsed)} label="OpenAlex" />
            </TabsContent>
            <TabsContent value="comparison">
              <Comparison parsed={parsed} />
            </TabsContent>
          </Tabs>
        </ToolSection>
      ) : null}

      <ToolSection
        id="cases"
        title="Test cases"
        description={`${cases.length} labelled queries; the badge says whether the rule-based parser reads their authors, years and categories as labelled.`}
        tools={
          <div className="flex items-center gap-2">
            <Label htmlFor="query-tester-tag" className="text-sm">
              Tag
            </Label>
            <NativeSelect id="query-tester-tag" value={tag} onChange={(event) => setTag(event.target.value as QueryTestTag | "")}>
              <option value="">All</option>
              {QUERY_TEST_TAGS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
        }
      >
        <ul className="space-y-2">
          {cases.map((testCase) => (
            <TestCaseRow key={testCase.id} testCase={testCase} onUse={useCase} />
          ))}
        </ul>
      </ToolSection>
    </ToolPage>
  );
}
