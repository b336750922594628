import { describe, expect, it } from "vitest";
import { exportBibtex } from "./library/export-formats";
import type { Paper } from "./paper";
import { applyPaperChanges, describePaperChange, describePaperChangeParts, detectPaperChanges, keptVersion } from "./paper-changes";

const kept: Paper = {
  id: "2406.19956",
  title: "A paper",
  authors: ["Ada Lovelace"],
  abstract: "About things.",
  url: "https://arxiv.org/abs/2406.19956v2",
  pdfUrl: "https://arxiv.org/pdf/2406.19956v2",
  publishedDate: "2024-06-28T00:00:00Z",
  updatedDate: "2024-07-01T00:00:00Z",
  categories: ["econ.EM"],
  category: "econ.EM",
  source: "arxiv",
  doi: null,
  journalRef: null,
  comments: null,
  arxivId: "2406.19956v2",
  links: { abstract: "https://arxiv.org/abs/2406.19956v2", pdf: "https://arxiv.org/pdf/2406.19956v2" },
};
const current: Paper = { ...kept, arxivId: "2406.19956v3", updatedDate: "2026-03-12T09:00:00Z", comments: "new robustness checks", doi: "10.1016/j.x.2026.1", journalRef: "J. Econom. 250 (2026)" };

describe("the version watch's shared rules", () => {
  it("finds a newer version and a publication, and nothing in the same or an older answer", () => {
    const changes = detectPaperChanges(kept, current);
    expect(changes.map((change) => change.kind)).toEqual(["version", "published"]);
    expect(changes[0]).toMatchObject({ fromVersion: 2, toVersion: 3, versionDate: "2026-03-12T09:00:00Z" });
    expect(detectPaperChanges(kept, kept)).toEqual([]);
    expect(detectPaperChanges(current, kept)).toEqual([]);
    // A kept copy with no version cannot be told older.
    expect(detectPaperChanges({ ...kept, arxivId: null }, current).map((change) => change.kind)).toEqual(["published"]);
    expect(keptVersion({ arxivId: "hep-th/9901001v4" })).toBe(4);
  });

  it("does not take arXiv's own DOI for a publication", () => {
    // DataCite registers 10.48550/arXiv.<id> for every preprint; OpenAlex reports it as the DOI.
    const preprintDoi = { ...kept, doi: "10.48550/arXiv.2406.19956" };
    expect(detectPaperChanges(kept, preprintDoi)).toEqual([]);
    expect(detectPaperChanges(kept, { ...preprintDoi, doi: "https://doi.org/10.48550/ARXIV.2406.19956" })).toEqual([]);
    // A journal DOI after arXiv's is a publication, and the paper takes the journal's.
    const changes = detectPaperChanges(preprintDoi, { ...kept, doi: "10.1016/j.x.2026.1" });
    expect(changes).toMatchObject([{ kind: "published", doi: "10.1016/j.x.2026.1" }]);
    expect(applyPaperChanges(preprintDoi, changes).doi).toBe("10.1016/j.x.2026.1");
    // A new version that carries arXiv's DOI publishes nothing and keeps the kept DOI.
    const version = detectPaperChanges(kept, { ...current, doi: "10.48550/arXiv.2406.19956", journalRef: null });
    expect(version.map((change) => change.kind)).toEqual(["version"]);
    expect(applyPaperChanges(kept, version).doi).toBeNull();
  });

  it("says what changed in one line", () => {
    const [version, published] = detectPaperChanges(kept, current);
    expect(describePaperChange(version!)).toBe("v2 → v3, 12 Mar 2026: new robustness checks");
    expect(describePaperChange(published!)).toBe("Published in J. Econom. 250 (2026) (DOI 10.1016/j.x.2026.1)");
    expect(describePaperChange({ ...published!, journalRef: null })).toBe("Published: DOI 10.1016/j.x.2026.1");
    expect(describePaperChange({ ...version!, comment: " " })).toBe("v2 → v3, 12 Mar 2026");
  });

  it("splits the line into the badge's head and arXiv's comment", () => {
    const [version, published] = detectPaperChanges(kept, current);
    expect(describePaperChangeParts(version!)).toEqual({ head: "v2 → v3, 12 Mar 2026", detail: "new robustness checks" });
    expect(describePaperChangeParts({ ...version!, versionDate: null, comment: null })).toEqual({ head: "v2 → v3", detail: null });
    expect(describePaperChangeParts(published!)).toEqual({ head: "Published in J. Econom. 250 (2026) (DOI 10.1016/j.x.2026.1)", detail: null });
  });

  it("moves the kept paper to the new version, and its export then carries it and the published DOI", () => {
    const updated = applyPaperChanges(kept, detectPaperChanges(kept, current));
    expect(updated).toMatchObject({ arxivId: "2406.19956v3", pdfUrl: "https://arxiv.org/pdf/2406.19956v3", url: "https://arxiv.org/abs/2406.19956v3", doi: "10.1016/j.x.2026.1", journalRef: "J. Econom. 250 (2026)", title: "A paper" });
    const before = exportBibtex([kept]);
    const after = exportBibtex([updated]);
    expect(before).not.toContain("10.1016/j.x.2026.1");
    expect(after).toContain("10.1016/j.x.2026.1");
    expect(after).toContain("2406.19956v3");
  });
});
