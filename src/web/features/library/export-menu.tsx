import { useState } from "react";
import { ChevronDown, Download } from "lucide-react";
import { EXPORT_FORMATS, type ExportFormat } from "@/shared/library/export-labels";
import { Button } from "@/web/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import type { LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import { useUserStores } from "@/web/lib/user-data/user-stores";
import { exportAndDownload } from "./library-export";

const SPEC_FORMATS: ExportFormat[] = ["json", "csv", "bibtex"];
const REFERENCE_MANAGER_FORMATS: ExportFormat[] = ["ris", "csl-json"];

/** The Export menu: the spec's JSON, CSV and BibTeX, plus RIS and CSL-JSON for reference managers. */
export function ExportMenu({ load, label = "Export" }: { load: () => Promise<readonly LocalBookmark[]>; label?: string }) {
  const { settings } = useUserStores();
  const [busy, setBusy] = useState(false);
  const handleExport = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await exportAndDownload(format, load, settings);
    } finally {
      setBusy(false);
    }
  };
  const item = (format: ExportFormat) => (
    <DropdownMenuItem key={format} onSelect={() => void handleExport(format)}>
      {EXPORT_FORMATS[format].label}
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={busy}>
          <Download aria-hidden />
          {label}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {SPEC_FORMATS.map(item)}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs text-muted-foreground">For reference managers</DropdownMenuLabel>
        {REFERENCE_MANAGER_FORMATS.map(item)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
