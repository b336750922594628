import type { PaperListSortOption } from "@/web/components/paper-list/paper-list-types";

/** The search's sort choices: four fields, each either way. */
export const SEARCH_SORT_OPTIONS: readonly PaperListSortOption[] = [
  { value: "relevance-descending", label: "Relevance (best first)" },
  { value: "relevance-ascending", label: "Relevance (best last)" },
  { value: "submittedDate-descending", label: "Submitted (newest first)", column: "date", direction: "desc" },
  { value: "submittedDate-ascending", label: "Submitted (oldest first)", column: "date", direction: "asc" },
  { value: "lastUpdatedDate-descending", label: "Updated (newest first)" },
  { value: "lastUpdatedDate-ascending", label: "Updated (oldest first)" },
  { value: "title-ascending", label: "Title (A–Z)", column: "title", direction: "asc" },
  { value: "title-descending", label: "Title (Z–A)", column: "title", direction: "desc" },
];
