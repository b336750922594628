import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import type { CurrentUser } from "@/web/hooks/use-current-user";
import { Avatar, AvatarFallback } from "@/web/components/ui/avatar";
import { Button } from "@/web/components/ui/button";
import { DeferredMenu } from "@/web/components/ui/deferred-menu";
import { toast } from "@/web/components/ui/use-toast";

/** The avatar shows the e-mail's first letter, upper-cased. */
export function userInitial(email: string): string {
  return email.trim().charAt(0).toUpperCase() || "?";
}

export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = async () => {
    setIsSigningOut(true);
    try {
      // Signs out, clears the user's device data and cached answers, goes to /. Loaded on
      // demand: the user-data layer is not part of the shell's first download.
      const { signOutAndClear } = await import("@/web/lib/user-data/sign-out");
      await signOutAndClear({ navigate: (to) => navigate(to), queryClient });
    } catch {
      toast({ variant: "destructive", title: "Sign out failed", description: "Please try again." });
    } finally {
      setIsSigningOut(false);
    }
  };
  return { signOut, isSigningOut };
}

export function SignInLink() {
  return (
    <Button asChild size="sm">
      <Link to="/auth">Sign In</Link>
    </Button>
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const { signOut, isSigningOut } = useSignOut();

  const handleSignOut = () => {
    void signOut();
  };

  return (
    <DeferredMenu
      align="end"
      className="w-60"
      trigger={
        <button
          type="button"
          aria-label={`Account: ${user.email}`}
          className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <Avatar>
            <AvatarFallback>{userInitial(user.email)}</AvatarFallback>
          </Avatar>
        </button>
      }
    >
      {({ DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator }) => (
        <>
          <DropdownMenuLabel className="font-normal">
            <span className="block text-xs text-muted-foreground">Signed in as</span>
            <span className="block truncate font-medium">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={isSigningOut} onSelect={handleSignOut}>
            <LogOut aria-hidden />
            Sign Out
          </DropdownMenuItem>
        </>
      )}
    </DeferredMenu>
  );
}
