import { useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Info, SlidersHorizontal, Sparkles } from "lucide-react";
import { APP_NAME, STORAGE_KEYS } from "@/shared/constants";
import { hasSearchCriteria, parseSort, type SearchSource } from "@/shared/search-options";
import { validateArxivQuery } from "@/shared/search-query";
import type { ParsedQuery } from "@/shared/llm/parsed-query";
import { PullToRefreshIndicator } from "@/web/components/pull-to-refresh/pull-to-refresh-indicator";
import { usePullToRefresh } from "@/web/components/pull-to-refresh/use-pull-to-refresh";
import { Button } from "@/web/components/ui/button";
import { NativeSelect } from "@/web/components/ui/native-select";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { useScrollMemory } from "@/web/hooks/use-scroll-memory";
import { useInputHistory } from "@/web/lib/input-history";
import { createModuleLoader, useModule } from "@/web/lib/module-loader";
import { previewHasContent, useRevealApp } from "@/web/lib/page-preview";
import { cn } from "@/web/lib/utils";
import { RecentSearches } from "./recent-searches";
import { searchResultsModule } from "./search-loader";
import { searchKeys } from "./search-queries";
import { SearchResultsSkeleton } from "./search-results-skeleton";
import { SearchQueryInput } from "./search-query-input";
import { SEARCH_SORT_OPTIONS } from "./search-sort";
import { SourceRadio } from "./source-radio";
import { useSearchResults } from "./use-search-results";
import { llmClientModule, plainLanguageParseKey, usePlainLanguageParse } from "./use-plain-language-parse";
import { useRecordSearchHistory } from "./use-record-search-history";
import { useTrackSearch } from "./use-track-search";
import {
  advancedSearch,
  authorSearch,
  basicSearch,
  clearedState,
  readSearchState,
  refreshedState,
  searchHref,
  searchRequest,
  withSize,
  withSort,
  withSource,
  type AdvancedFields,
  type SearchState,
} from "./search-url";

// Most searches never open the panel, so its code loads on first use (or on hover, ahead of the click).
export const advancedPanelModule = createModuleLoader(() => import("./advanced-search-panel"));
// The semantic panel (plain-language search's chips) loads only with llm=true.
const semanticPanelModule = createModuleLoader(() => import("@/web/features/llm/semantic-panel"));
const preloadAdvancedPanel = () => void advancedPanelModule.load().catch(() => undefined);

const EXAMPLE_QUERIES = ["transformer", "cat:cs.CL", 'au:"Hinton"', "ti:diffusion AND cat:cs.CV"];

/** What is wrong with a query before it is sent, or null. arXiv's syntax is checked here; the server checks everything. */
function queryProblem(query: string, source: SearchSource): string | null {
  if (source !== "arxiv" || !query.trim()) return null;
  const problems = validateArxivQuery(query);
  return problems.length > 0 ? problems.map((problem) => problem.message).join(" ") : null;
}

function SignInHint() {
  const { user, isPending } = useCurrentUser();
  if (isPending || user) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        Sign in to save your search history and sync across devices.{" "}
        <Link to="/auth" className="font-medium text-primary underline-offset-2 hover:underline">
          Sign In
        </Link>
      </span>
    </p>
  );
}

/** The plain-language search switch (llm=true): a button with the switch role, no script of its own to load. */
function PlainLanguageToggle(props: { checked: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.checked}
      onClick={props.onToggle}
      className="group inline-flex h-9 items-center gap-2 rounded-md px-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span
        aria-hidden
        className={cn(
          "inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent p-0.5 transition-colors",
          props.checked ? "bg-primary" : "bg-input",
        )}
      >
        <span className={cn("block size-4 rounded-full bg-background shadow-sm transition-transform", props.checked && "translate-x-4")} />
      </span>
      <Sparkles className={cn("size-4", props.checked ? "text-primary" : "text-muted-foreground")} aria-hidden />
      Plain-language search
    </button>
  );
}

function NoCriteria({ onExample }: { onExample: (query: string) => void }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 py-6 text-center sm:py-10">
      <div>
        <p className="text-base text-muted-foreground">Enter a search query or use advanced search to find papers.</p>
        <div className="mt-4 flex flex-wrap items-center justify-center gap-2">
          <span className="text-xs text-muted-foreground">Try</span>
          {EXAMPLE_QUERIES.map((example) => (
            <button
              key={example}
              type="button"
              onClick={() => onExample(example)}
              className="rounded-full border border-border bg-card px-3 py-1 font-mono text-xs transition-colors hover:border-primary/50 hover:text-primary"
            >
              {example}
            </button>
          ))}
        </div>
      </div>
      <RecentSearches />
    </div>
  );
}

/** /search: the main box, the Advanced Search panel, the source, and the results. */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useMemo(() => readSearchState(searchParams), [searchParams]);
  const criteria = hasSearchCriteria(state);
  const plainLanguage = usePlainLanguageParse(state);
  const results = useSearchResults(state, plainLanguage);
  const inputHistory = useInputHistory("search");
  useRecordSearchHistory(state, results);
  useTrackSearch(state, results);

  // The box edits a draft; a new URL query replaces it.
  const [draft, setDraft] = useState(state.q);
  const [draftSource, setDraftSource] = useState(state.q);
  const [problem, setProblem] = useState<string | null>(null);
  if (draftSource !== state.q) {
    setDraftSource(state.q);
    setDraft(state.q);
    setProblem(null);
  }
  const [advancedOpen, setAdvancedOpen] = useState(state.searchType === "advanced");
  const AdvancedPanel = useModule(advancedPanelModule, advancedOpen);
  const SemanticPanelModule = useModule(semanticPanelModule, state.llm && criteria);
  // The list, its table and cards load only once there is something to list.
  const Results = useModule(searchResultsModule, criteria);
  useScrollMemory(STORAGE_KEYS.scrollSearch, searchParams.toString(), Boolean(Results) && results.isSuccess);
  // The server's preview of this page goes once this render is as far as it: at once if it
  // shows only the page with its results loading, else once the results (or their error) are in
  // and the session is known (the preview of a signed-out visitor has the sign-in hint above the
  // results: without it the rows would move).
  const sessionPending = useCurrentUser().isPending;
  useRevealApp(!criteria || !previewHasContent() || (Boolean(Results) && !results.isPending && !sessionPending));

  const go = (next: SearchState, options: { keepScroll?: boolean } = {}) =>
    navigate(searchHref(next), { preventScrollReset: options.keepScroll });

  const runBasic = (text: string) => {
    const query = text.trim();
    if (!query) {
      setProblem("No search query provided");
      return;
    }
    const found = queryProblem(query, state.source);
    setProblem(found);
    if (found) return;
    inputHistory.add(query);
    setDraft(query);
    go(basicSearch(state, query));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    runBasic(draft);
  };

  const handleDraftChange = (value: string) => {
    setDraft(value);
    // Once a problem is shown, follow the typing so it disappears as soon as it is fixed.
    if (problem) setProblem(value.trim() ? queryProblem(value, state.source) : null);
  };

  const handleClear = () => {
    setDraft("");
    setProblem(null);
    go(clearedState(state));
  };

  const handleAdvancedSearch = (fields: AdvancedFields) => {
    const next = advancedSearch(state, draft, fields);
    if (!hasSearchCriteria(next)) {
      setProblem("No search query provided");
      return;
    }
    const found = queryProblem(next.q, state.source);
    setProblem(found);
    if (found) return;
    if (next.q) inputHistory.add(next.q);
    go(next);
  };

  const handleAdvancedClear = () => {
    if (state.searchType === "advanced" || state.title || state.authors.length > 0 || state.dateFrom || state.dateTo) {
      go({ ...state, page: 0, searchType: "basic", title: "", authors: [], dateFrom: "", dateTo: "" }, { keepScroll: true });
    }
  };

  const handleRefresh = () => {
    const next = refreshedState({ ...state, q: draft.trim() || state.q });
    setProblem(null);
    go(next, { keepScroll: true });
    void queryClient.invalidateQueries({ queryKey: searchKeys.result(searchRequest(next, plainLanguage.parsed)) });
  };

  const handleLlmToggle = () => {
    go({ ...state, llm: !state.llm, page: 0 }, { keepScroll: true });
  };

  /** A chip was removed: search the rebuilt query, whose parse is known exactly (no second model call). */
  const handleParsedChange = (query: string, parsed: ParsedQuery) => {
    const outcome = plainLanguage.query.data;
    if (query && outcome) {
      queryClient.setQueryData(plainLanguageParseKey(plainLanguage.scope, plainLanguage.provider, plainLanguage.model, query), { ...outcome, parsed });
      llmClientModule.get()?.rememberParse(plainLanguage.provider, plainLanguage.model, query, parsed);
    }
    setProblem(null);
    go(basicSearch(state, query));
  };

  const handleAuthorClick = (author: string) => {
    setProblem(null);
    go(authorSearch(state, author));
  };

  const pull = usePullToRefresh(() => (criteria ? results.refetch() : undefined));

  const sortField = parseSort(state.sort).field;
  const advancedFields: AdvancedFields = { title: state.title, authors: state.authors, dateFrom: state.dateFrom, dateTo: state.dateTo };
  const problemId = "search-query-problem";

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{state.q ? `${state.q} · Search Papers · ${APP_NAME}` : `Search Papers · ${APP_NAME}`}</title>
      <PullToRefreshIndicator pull={pull} />

      <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Search Papers</h1>
      <p className="mt-1 text-sm text-muted-foreground">arXiv, OpenAlex and Crossref, one query at a time.</p>

      <div className="mt-5 space-y-4 rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5">
        <form role="search" aria-label="Search papers" onSubmit={handleSubmit} noValidate>
          <label htmlFor="search-query" className="sr-only">
            Search query
          </label>
          <div className="flex flex-col gap-2 lg:flex-row">
            <SearchQueryInput
              id="search-query"
              value={draft}
              onChange={handleDraftChange}
              history={inputHistory.entries}
              onPick={(entry) => {
                setDraft(entry);
                runBasic(entry);
              }}
              onForget={inputHistory.remove}
              invalid={Boolean(problem)}
              describedBy={problem ? problemId : undefined}
            />
            <div className="flex gap-2">
              {/* Below 1024 px the results' own "Sort by" dropdown (over the cards) takes this role. */}
              <NativeSelect
                aria-label="Sort by"
                value={state.sort}
                onChange={(event) => go(withSort(state, event.target.value), { keepScroll: true })}
                className="hidden w-56 lg:block [&_select]:h-11"
              >
                {SEARCH_SORT_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
              <Button type="submit" className="h-11 flex-1 px-5 lg:flex-none">
                Search
              </Button>
              <Button type="button" variant="outline" className="h-11 flex-1 lg:flex-none" onClick={handleClear}>
                Clear
              </Button>
            </div>
          </div>
          {problem ? (
            <p id={problemId} role="alert" className="mt-2 text-sm text-destructive dark:text-[oklch(0.78_0.13_27)]">
              {problem}
            </p>
          ) : null}
          {sortField === "title" ? (
            <p className="mt-2 text-xs text-muted-foreground">Titles are sorted within each page of results.</p>
          ) : null}
        </form>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="w-full sm:max-w-md">
            <SourceRadio value={state.source} onChange={(source) => go(withSource(state, source), { keepScroll: true })} />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <PlainLanguageToggle checked={state.llm} onToggle={handleLlmToggle} />
          <Button
            type="button"
            variant="outline"
            onClick={() => setAdvancedOpen((open) => !open)}
            onPointerEnter={preloadAdvancedPanel}
            onFocus={preloadAdvancedPanel}
            aria-expanded={advancedOpen}
            aria-controls={advancedOpen ? "advanced-search" : undefined}
            className="w-full sm:w-auto"
          >
            <SlidersHorizontal aria-hidden />
            Advanced Search
            <ChevronDown className={cn("transition-transform", advancedOpen && "rotate-180")} aria-hidden />
          </Button>
          </div>
        </div>

        {advancedOpen ? (
          AdvancedPanel ? (
            <AdvancedPanel.AdvancedSearchPanel
              // A new URL search resets the panel's fields to what the URL holds.
              key={JSON.stringify(advancedFields)}
              id="advanced-search"
              initial={advancedFields}
              onSearch={handleAdvancedSearch}
              onClear={handleAdvancedClear}
              onRefresh={handleRefresh}
            />
          ) : (
            <div className="h-64 border-t border-border" aria-busy="true" />
          )
        ) : null}
      </div>

      {state.llm && criteria ? (
        <div className="mt-4">
          {SemanticPanelModule ? (
            <SemanticPanelModule.SemanticPanel
              needed={plainLanguage.needed}
              provider={plainLanguage.provider}
              source={state.source}
              model={plainLanguage.model}
              status={plainLanguage.query.isError ? "error" : plainLanguage.query.isSuccess ? "success" : "pending"}
              outcome={plainLanguage.query.data}
              onChange={handleParsedChange}
            />
          ) : (
            <div className="h-24 rounded-xl border border-border bg-muted/40" aria-busy="true" />
          )}
        </div>
      ) : null}

      <div className="mt-3">
        <SignInHint />
      </div>

      <section aria-label="Results" className="mt-6">
        {criteria ? (
          Results ? (
            <Results.SearchResults
              // Filters belong to one search; a new search starts unfiltered.
              key={JSON.stringify([state.source, state.q, state.title, state.authors, state.dateFrom, state.dateTo])}
              state={state}
              query={results}
              onAuthorClick={handleAuthorClick}
              onSortChange={(sort) => go(withSort(state, sort), { keepScroll: true })}
              onSizeChange={(size) => go(withSize(state, size), { keepScroll: true })}
            />
          ) : (
            <SearchResultsSkeleton />
          )
        ) : (
          <NoCriteria
            onExample={(example) => {
              setDraft(example);
              runBasic(example);
            }}
          />
        )}
      </section>
    </div>
  );
}
