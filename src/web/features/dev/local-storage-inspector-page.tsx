import { useCallback, useEffect, useState } from "react";
import { Gauge, RotateCw, Trash2 } from "lucide-react";
import { DataTable, StatCard, ToolPage, ToolSection, type Column } from "@/web/components/tool-page";
import { ConfirmAction } from "@/web/components/confirm-action";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { cn } from "@/web/lib/utils";
import {
  QUOTA_PROBE_MAX_BYTES,
  TYPICAL_QUOTA_BYTES,
  VALUE_PREVIEW_CHARS,
  formatBytes,
  listEntries,
  probeQuota,
  usageTone,
  type QuotaProbe,
  type StorageEntry,
} from "./local-storage-inspector";

function readStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const TONE_CLASSES = { green: "bg-emerald-500", yellow: "bg-amber-400", red: "bg-red-500" } as const;

function UsageBar(props: { percent: number }) {
  const tone = usageTone(props.percent);
  const shown = Math.min(100, props.percent);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">Usage</span>
        <span className="tabular-nums text-muted-foreground">{`${props.percent.toFixed(1)} %`}</span>
      </div>
      <div
        role="meter"
        aria-label="Storage usage"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={`${props.percent.toFixed(1)} % (${tone})`}
        data-tone={tone}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={cn("h-full rounded-full transition-[width]", TONE_CLASSES[tone])} style={{ width: `${shown}%` }} />
      </div>
      <p className="mt-2 text-xs text-muted-foreground">Green up to 60 %, yellow above 60 %, red above 80 %.</p>
    </div>
  );
}

/**
 * /dev/localStorage-inspector: this device's local storage,
 * keys by size, a size summary, the quota estimated by a probe (up to 10 MB in 1 KB steps) and
 * a usage bar; delete one key, clear all, refresh. Values show their first 500 characters.
 */
export function LocalStorageInspectorPage() {
  const [entries, setEntries] = useState<StorageEntry[]>([]);
  const [probe, setProbe] = useState<QuotaProbe | null>(null);
  const [available, setAvailable] = useState(true);

  const refresh = useCallback(() => {
    const storage = readStorage();
    setAvailable(storage !== null);
    setEntries(storage ? listEntries(storage) : []);
  }, []);

  const runProbe = useCallback(() => {
    const storage = readStorage();
    if (!storage) return;
    setProbe(probeQuota(storage));
    refresh();
  }, [refresh]);

  useEffect(() => {
    refresh();
    runProbe();
  }, [refresh, runProbe]);

  const totalBytes = entries.reduce((total, entry) => total + entry.bytes, 0);
  const quotaBytes = probe?.quotaBytes ?? TYPICAL_QUOTA_BYTES;
  const percent = quotaBytes > 0 ? (totalBytes / quotaBytes) * 100 : 0;

  const handleDelete = (key: string) => {
    readStorage()?.removeItem(key);
    refresh();
    toast({ title: "Key deleted", description: key });
  };
  const handleClear = () => {
    readStorage()?.clear();
    refresh();
    toast({ title: "Local storage cleared" });
  };

  const columns: Column<StorageEntry>[] = [
    { header: "Key", cell: (row) => <code className="font-mono text-xs break-all">{row.key}</code>, className: "w-48" },
    { header: "Size", cell: (row) => formatBytes(row.bytes), align: "right", className: "w-20 whitespace-nowrap" },
    {
      header: "Value",
      cell: (row) => (
        <div className="max-w-xl">
          <pre className="max-h-32 overflow-auto rounded-md bg-muted/60 p-2 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap">{row.preview || "(empty)"}</pre>
          {row.truncated ? (
            <p className="mt-1 text-xs text-muted-foreground">{`First ${VALUE_PREVIEW_CHARS} of ${row.length.toLocaleString("en-US")} characters`}</p>
          ) : null}
        </div>
      ),
    },
    {
      header: "Actions",
      cell: (row) => (
        <Button variant="ghost" size="sm" aria-label={`Delete ${row.key}`} onClick={() => handleDelete(row.key)}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      ),
      align: "right",
      className: "w-24",
    },
  ];

  return (
    <ToolPage
      title="Local Storage Inspector"
      description="What this browser keeps for the app, largest first."
      actions={
        <>
          <Button variant="outline" onClick={refresh}>
            <RotateCw aria-hidden />
            Refresh
          </Button>
          <Button variant="outline" onClick={runProbe} disabled={!available}>
            <Gauge aria-hidden />
            Estimate Quota
          </Button>
          <ConfirmAction
            trigger={
              <Button variant="outline" disabled={entries.length === 0}>
                <Trash2 aria-hidden />
                Clear All
              </Button>
            }
            title="Clear all local storage?"
            description="Every key this browser keeps for the app goes: the theme, cached searches, and on the native app the sign-in."
            confirmLabel="Clear All"
            onConfirm={handleClear}
          />
        </>
      }
    >
      {!available ? (
        <p role="alert" className="rounded-lg border border-border p-4 text-sm">
          This browser does not let the app use local storage (a private window or a blocked site setting).
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard label="Keys" value={entries.length.toLocaleString("en-US")} />
        <StatCard label="Total size" value={formatBytes(totalBytes)} />
        <StatCard
          label="Estimated quota"
          value={probe ? (probe.reachedLimit ? formatBytes(quotaBytes) : `≥ ${formatBytes(QUOTA_PROBE_MAX_BYTES)}`) : "—"}
          hint={probe ? (probe.reachedLimit ? "The browser refused a write at this size" : "The probe stops at 10 MB") : "Probing…"}
        />
      </div>
      <ToolSection id="storage-usage" title="Usage" description="Total size as a share of the estimated quota.">
        <UsageBar percent={percent} />
      </ToolSection>
      <ToolSection id="storage-keys" title="Keys" description={`${entries.length} ${entries.length === 1 ? "key" : "keys"}, largest first.`}>
        <DataTable caption="Local storage keys" columns={columns} rows={entries} rowKey={(row) => row.key} empty="Local storage is empty." />
      </ToolSection>
    </ToolPage>
  );
}
