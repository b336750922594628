import { useQuery } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { ADMIN_ROLE, DEVELOPER_ROLE } from "@/shared/admin";
import { hasRole, roleBadgeLabel } from "@/shared/roles";
import { DataTable, ToolPage, ToolSection } from "@/web/components/tool-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { FieldList } from "@/web/features/user-data/user-data-sections";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { api, isApiError } from "@/web/lib/api";
import { readAuthToken } from "@/web/lib/auth-token";
import { setDebugConsoleEnabled, useDebugConsoleEnabled } from "@/web/lib/debug-console";
import { Switch } from "@/web/components/ui/switch";

/** One protected endpoint per access level: what the server answers this session. */
const PROBES = [
  { label: "Signed-in user", path: "/api/me/settings" },
  { label: "Developer (maintainer or above)", path: "/api/dev/session" },
  { label: "Admin", path: "/api/admin/performance/summary" },
] as const;

type ProbeResult = { label: string; path: string; status: number; verdict: string };

async function runProbes(): Promise<ProbeResult[]> {
  return Promise.all(
    PROBES.map(async (probe) => {
      try {
        await api.get(probe.path);
        return { ...probe, status: 200, verdict: "Allowed" };
      } catch (error) {
        const status = isApiError(error) ? error.status : 0;
        return { ...probe, status, verdict: status === 401 ? "Not signed in" : status === 403 ? "Refused" : isApiError(error) ? error.message : "Failed" };
      }
    }),
  );
}

type ServerSession = { user: { id: string; email: string; role: string; isSuperAdmin: boolean; emailVerified: boolean }; via: string; serverTime: string };

/**
 * /auth-test: the session as the browser and the server see it, and what each access level's
 * endpoint answers this session, so a guard problem is found in one look.
 */
export function AuthTestPage() {
  const { user } = useCurrentUser();
  const server = useQuery({ queryKey: ["dev", "session"], queryFn: () => api.get<ServerSession>("/api/dev/session"), staleTime: 0 });
  const probes = useQuery({ queryKey: ["dev", "probes"], queryFn: runProbes, staleTime: 0 });
  const token = readAuthToken();
  const consoleEnabled = useDebugConsoleEnabled();

  return (
    <ToolPage
      title="Auth Test"
      description="The session, the roles and what the server lets this session do."
      width="narrow"
      actions={
        <Button
          variant="outline"
          onClick={() => {
            void server.refetch();
            void probes.refetch();
          }}
          disabled={server.isFetching || probes.isFetching}
        >
          <RotateCw className={server.isFetching || probes.isFetching ? "animate-spin" : undefined} aria-hidden />
          Refresh
        </Button>
      }
    >
      <ToolSection id="auth-browser" title="In this browser">
        <FieldList
          rows={[
            ["Signed in as", user?.email ?? "Nobody"],
            ["Role", <Badge key="role">{roleBadgeLabel(user) ?? "Anonymous"}</Badge>],
            ["Admin pages", hasRole(user, ADMIN_ROLE) ? "Yes" : "No"],
            ["Developer pages", hasRole(user, DEVELOPER_ROLE) ? "Yes" : "No"],
            ["E-mail confirmed", user?.emailVerified ? "Yes" : "No"],
            ["Session kept as", token ? "Bearer token (native app)" : "Cookie"],
          ]}
        />
      </ToolSection>
      {hasRole(user, ADMIN_ROLE) ? (
        <ToolSection id="auth-console" title="Debugging console" description="Eruda's console, network and storage panels, for signed-in admins (the button at the screen's edge).">
          <label className="flex items-center gap-3 text-sm">
            <Switch checked={consoleEnabled} onCheckedChange={setDebugConsoleEnabled} aria-label="Debugging console" />
            {consoleEnabled ? "On in this browser" : "Off in this browser"}
          </label>
        </ToolSection>
      ) : null}
      <ToolSection id="auth-server" title="On the server">
        {server.data ? (
          <FieldList
            rows={[
              ["User id", <code key="id" className="font-mono text-xs">{server.data.user.id}</code>],
              ["Role", `${server.data.user.role}${server.data.user.isSuperAdmin ? " (super admin)" : ""}`],
              ["Sent as", server.data.via],
              ["Server time", server.data.serverTime],
            ]}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{server.isError ? server.error.message : "Loading..."}</p>
        )}
      </ToolSection>
      <ToolSection id="auth-probes" title="Access checks" description="Each access level's endpoint, called with this session.">
        <DataTable
          caption="Access checks"
          columns={[
            { header: "Level", cell: (row) => row.label },
            { header: "Endpoint", cell: (row) => <code className="font-mono text-xs">{row.path}</code> },
            { header: "Status", cell: (row) => String(row.status), align: "right" },
            { header: "Result", cell: (row) => <Badge variant={row.status === 200 ? "default" : "secondary"}>{row.verdict}</Badge> },
          ]}
          rows={probes.data ?? []}
          rowKey={(row) => row.path}
          empty={probes.isFetching ? "Checking…" : "No checks yet."}
        />
      </ToolSection>
    </ToolPage>
  );
}
