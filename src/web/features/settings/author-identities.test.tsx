// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import type { AuthorCandidate, AuthorIdentity } from "@/shared/author-identity";
import { mswServer } from "@/test/unit-setup";
import { AuthorIdentities } from "./author-identities";

const candidate = (openalexId: string, affiliation: string, work: string): AuthorCandidate => ({
  openalexId,
  orcid: openalexId === "A2" ? "0000-0002-1825-0097" : null,
  displayName: "Yang Liu",
  affiliations: [affiliation],
  topics: ["Natural Language Processing"],
  recentWorks: [{ title: work, year: 2026 }],
  worksCount: 12,
  citedByCount: 340,
});

function renderPicker(props: { identities?: AuthorIdentity[]; justAdded?: string | null }) {
  const onChange = vi.fn();
  const view = (justAdded: string | null) => (
    <QueryClientProvider client={client}>
      <AuthorIdentities names={["Yang Liu"]} identities={props.identities ?? []} justAdded={justAdded} onChange={onChange} />
    </QueryClientProvider>
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(view(props.justAdded ?? null));
  return { onChange, user: userEvent.setup(), rerender: (justAdded: string | null) => result.rerender(view(justAdded)) };
}

afterEach(cleanup);

describe("AuthorIdentities", () => {
  it("shows the people of a name just added and saves the one chosen, with its ORCID", async () => {
    const asked: string[] = [];
    mswServer.use(
      http.get("*/api/authors/candidates", ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("name")!);
        return HttpResponse.json({ candidates: [candidate("A1", "Tsinghua University", "Parsing trees"), candidate("A2", "University of Oxford", "Seeing cats")] });
      }),
    );
    const { onChange, user, rerender } = renderPicker({});
    expect(screen.getByText("name only")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "People named Yang Liu" })).toBeNull();
    rerender("Yang Liu");
    const people = await screen.findByRole("list", { name: "People named Yang Liu" });
    const oxford = within(people).getByRole("listitem", { name: "Yang Liu, University of Oxford" });
    expect(within(oxford).getByText("Seeing cats (2026)")).toBeTruthy();
    expect(within(oxford).getByText(/12 works · 340 citations · ORCID 0000-0002-1825-0097/)).toBeTruthy();
    await user.click(within(oxford).getByRole("button", { name: "Choose Yang Liu (A2)" }));
    expect(onChange).toHaveBeenCalledWith([{ name: "Yang Liu", openalexId: "A2", orcid: "0000-0002-1825-0097" }]);
    expect(asked).toEqual(["Yang Liu"]);
  });

  it("keeps the name only: the linked identity goes", async () => {
    mswServer.use(http.get("*/api/authors/candidates", () => HttpResponse.json({ candidates: [] })));
    const { onChange, user } = renderPicker({ identities: [{ name: "Yang Liu", openalexId: "A1", orcid: null }] });
    expect(screen.getByText(/OpenAlex A1/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Change who Yang Liu is" }));
    expect(await screen.findByText("OpenAlex knows no author of this name.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Keep the name only" }));
    expect(onChange).toHaveBeenCalledWith([]);
  });

  it("says so when OpenAlex does not answer", async () => {
    mswServer.use(http.get("*/api/authors/candidates", () => HttpResponse.json({ error: { code: "upstream_error", message: "OpenAlex did not answer." } }, { status: 502 })));
    const { user } = renderPicker({});
    await user.click(screen.getByRole("button", { name: "Choose who Yang Liu is" }));
    // One retry first (the query retries once), then the message.
    expect((await screen.findByRole("alert", undefined, { timeout: 5000 })).textContent).toBe("OpenAlex did not answer. Please try again.");
  });
});
