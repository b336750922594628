import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  ArrowRight,
  Bookmark,
  BookmarkCheck,
  BookOpenText,
  Check,
  FolderOpen,
  Newspaper,
  Search,
  type LucideIcon,
} from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { LANDING_TITLE } from "@/shared/landing";
import { Button } from "@/web/components/ui/button";
import { SearchPreview } from "@/web/features/landing/search-preview";
import { useRevealApp } from "@/web/lib/page-preview";

type Feature = {
  icon: LucideIcon;
  title: string;
  lead: string;
  points: string[];
  aside?: ReactNode;
};

const FIELD_PREFIXES = ["au:", "ti:", "abs:", "cat:", "submittedDate:"];

const FEATURES: Feature[] = [
  {
    icon: Search,
    title: "Smart Search",
    lead: "One search box for arXiv, OpenAlex and Crossref. Type plain words or arXiv's own field syntax; Quire checks the query before sending it and puts every source's answers in one list.",
    points: [
      "Field prefixes with AND, OR and parentheses, validated as you go",
      "Advanced search by title, several authors and a date range",
      "References and citations for any paper with a DOI, through OpenAlex",
      "Optional plain-English queries, parsed by an LLM with your own key",
    ],
    aside: (
      <ul className="flex flex-wrap gap-1.5" aria-label="Supported field prefixes">
        {FIELD_PREFIXES.map((prefix) => (
          <li key={prefix}>
            <code className="rounded-md border border-border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
              {prefix}
            </code>
          </li>
        ))}
      </ul>
    ),
  },
  {
    icon: FolderOpen,
    title: "Easy Organization",
    lead: "Open the PDF right inside Quire, mark what matters, and keep the paper where you will find it again, ready to cite.",
    points: [
      "A PDF reader with page history, zoom, continuous scroll and highlights",
      "Bookmarks, collections and notes for every project",
      "BibTeX, CSV and JSON export, with cite keys in the format you choose",
      "Two-way sync with your Zotero library",
    ],
  },
  {
    icon: Newspaper,
    title: "Personalized Feed",
    lead: "Describe your research once. Every day Quire reads the new arXiv listings and scores each paper against your profile, so the few that matter rise to the top.",
    points: [
      "A profile of arXiv categories, author names, keywords and terms to exclude",
      "Category and author matches count most; excluded terms push a paper down",
      "A sensitivity slider decides how strict Recommended is",
      "Daily, weekly or monthly windows, with an optional e-mail digest",
    ],
  },
];

const STEPS = [
  {
    title: "Search",
    body: "Type a topic, an author or a full arXiv query. Choose the source, sort by date or relevance, and page through up to thousands of results.",
  },
  {
    title: "Read",
    body: "Open the abstract or the PDF without leaving Quire. Highlight passages, jump through pages, and follow a paper's references and citations.",
  },
  {
    title: "Keep",
    body: "Bookmark papers into collections, add notes, export BibTeX for your manuscript, or send them to Zotero.",
  },
  {
    title: "Catch up",
    body: "Set up your research profile. Each day, your catch-up feed shows the new papers that match it, best first.",
  },
];

const SOURCES = [
  { name: "arXiv", description: "Preprints in physics, mathematics, computer science and beyond" },
  { name: "OpenAlex", description: "The open catalogue of the world's scholarly works" },
  { name: "Crossref", description: "DOI metadata from journals and publishers" },
];

function SectionHeading({ eyebrow, title, intro, id }: { eyebrow: string; title: string; intro: string; id: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-base leading-relaxed text-muted-foreground sm:text-lg">{intro}</p>
    </div>
  );
}

function FeatureCard({ feature }: { feature: Feature }) {
  const Icon = feature.icon;
  return (
    <article className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-7">
      <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className="mt-5 font-serif text-xl font-semibold">{feature.title}</h3>
      <p className="mt-2.5 leading-relaxed text-muted-foreground">{feature.lead}</p>
      {feature.aside ? <div className="mt-4">{feature.aside}</div> : null}
      <ul className="mt-5 flex flex-col gap-2.5 border-t border-border pt-5 text-sm">
        {feature.points.map((point) => (
          <li key={point} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

export function LandingPage() {
  // The server draws this page as it is (src/web/ssr/landing-preview.tsx): drawn in full at
  // once, the app takes the drawing's place as soon as it renders.
  useRevealApp();
  return (
    <>
      <title>{LANDING_TITLE}</title>

      {/* Hero */}
      <section aria-labelledby="hero-heading" className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60rem_28rem_at_70%_-10%,color-mix(in_oklch,var(--primary)_14%,transparent),transparent)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.05fr_1fr] lg:gap-14 lg:pt-20 lg:pb-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
              <span className="size-1.5 rounded-full bg-highlight" aria-hidden />
              arXiv, OpenAlex and Crossref in one place
            </p>
            <h1
              id="hero-heading"
              className="mt-5 font-serif text-[2.5rem] leading-[1.08] font-semibold tracking-tight sm:text-5xl lg:text-[3.5rem]"
            >
              Find the paper. Read it closely. Cite it{" "}
              <span className="bg-[linear-gradient(transparent_62%,color-mix(in_oklch,var(--highlight)_55%,transparent)_62%)] dark:bg-[linear-gradient(transparent_70%,color-mix(in_oklch,var(--highlight)_38%,transparent)_70%)]">
                correctly
              </span>
              .
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">
              {APP_NAME} searches the big scholarly indexes in a single list, opens PDFs in a reader made for close
              reading, and keeps your bookmarks, collections and BibTeX ready for the deadline.
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <Button asChild size="lg">
                <Link to="/search">
                  Start searching
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href="#how-it-works">See how it works</a>
              </Button>
            </div>
            <p className="mt-5 text-sm text-muted-foreground">
              No account needed: your library stays on this device until you choose to sync it.
            </p>
          </div>
          <SearchPreview />
        </div>
      </section>

      {/* Sources */}
      <section aria-label="Sources" className="border-y border-border bg-muted/40">
        <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3 sm:px-6">
          {SOURCES.map((source) => (
            <li key={source.name} className="flex flex-col gap-1">
              <span className="font-serif text-lg font-semibold">{source.name}</span>
              <span className="text-sm text-muted-foreground">{source.description}</span>
            </li>
          ))}
        </ul>
      </section>

      {/* Features */}
      <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 py-20 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="features-heading"
            eyebrow="Features"
            title="Everything between the search box and the bibliography"
            intro="Quire is built around the three things researchers do every week: look for papers, read them properly, and keep track of what they have read."
          />
          <div className="mt-14 grid gap-6 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </div>
        </div>
      </section>

      {/* Accounts */}
      <section aria-labelledby="accounts-heading" className="bg-muted/40 py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.3fr] lg:items-center">
          <div>
            <h2 id="accounts-heading" className="font-serif text-3xl font-semibold tracking-tight">
              Start anonymously. Sync when you are ready.
            </h2>
            <p className="mt-4 leading-relaxed text-muted-foreground">
              Everything works without signing up. Create an account when you want the same library on your laptop,
              your office machine and your phone.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl border border-border bg-card p-6">
              <BookOpenText className="size-5 text-primary" aria-hidden />
              <h3 className="mt-3 font-semibold">Without an account</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                Search, read and bookmark freely. Your bookmarks, history and profile are stored in this browser and
                never leave it.
              </p>
            </div>
            <div className="rounded-2xl border border-border bg-card p-6">
              <BookmarkCheck className="size-5 text-primary" aria-hidden />
              <h3 className="mt-3 font-semibold">With an account</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                Your library, reading history and research profile follow you to every device, including the Android
                app. What you saved locally moves in with you.
              </p>
            </div>
          </div>
        </div>
      </section>

      {/* How it works */}
      <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-16 py-20 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="how-heading"
            eyebrow="How it Works"
            title="From a question to a citation in four steps"
            intro="No setup and no plug-ins. Open Quire in a browser and start with a search."
          />
          <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 rounded-2xl border border-border bg-card p-5 sm:block sm:p-6">
                <span
                  aria-hidden
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-serif text-base font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-lg font-semibold sm:mt-4">{step.title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-heading" className="px-4 pb-20 sm:px-6 sm:pb-24">
        {/* Solid ink-blue by day; by night a tinted panel, since a bright block would glare. */}
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-3xl bg-primary px-6 py-12 text-primary-foreground sm:px-12 lg:flex-row lg:items-center lg:justify-between dark:border dark:border-primary/25 dark:bg-primary/10 dark:text-foreground">
          <div className="max-w-xl">
            <h2 id="cta-heading" className="font-serif text-3xl font-semibold tracking-tight">
              Your next paper is one search away.
            </h2>
            <p className="mt-3 leading-relaxed opacity-85">
              Free to use, no sign-up required. Bring your questions; Quire brings arXiv, OpenAlex and Crossref.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
            >
              <Link to="/search">
                <Search aria-hidden />
                Start searching
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="ghost"
              className="text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground dark:text-foreground dark:hover:bg-accent dark:hover:text-foreground"
            >
              <Link to="/auth">
                <Bookmark aria-hidden />
                Create an account
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
