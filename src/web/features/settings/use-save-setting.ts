import { useCallback } from "react";
import type { Settings, SettingsPatch } from "@/shared/user-data";
import { toast } from "@/web/components/ui/use-toast";
import type { LoadStatus } from "@/web/lib/user-data/remote-value";
import { UserDataInputError } from "@/web/lib/user-data/user-data-errors";
import { useSettings } from "@/web/lib/user-data/user-data-hooks";

/**
 * The settings and a fire-and-forget save. A failed save on the server is put back and toasted
 * by the store itself; input the contract refuses is explained here.
 */
export function useSaveSetting(): { settings: Settings; status: LoadStatus; save: (patch: SettingsPatch) => void } {
  const { settings, status, update } = useSettings();
  const save = useCallback(
    (patch: SettingsPatch) => {
      update(patch).catch((error: unknown) => {
        if (error instanceof UserDataInputError) toast({ variant: "destructive", title: "Settings not saved", description: error.message });
      });
    },
    [update],
  );
  return { settings, status, save };
}
