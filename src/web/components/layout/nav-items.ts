import {
  Bot,
  FileCheck,
  LibraryBig,
  Wand2,
  Bookmark,
  Database,
  DatabaseSearch,
  FlaskConical,
  FolderOpen,
  HardDriveDownload,
  ChartColumn,
  Gauge,
  HardDrive,
  KeyRound,
  SearchCode,
  History,
  Library,
  Newspaper,
  Search,
  Settings,
  UserRound,
  type LucideIcon,
} from "lucide-react";

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
};

/** The app's sections, in sidebar order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/search", label: "Search", icon: Search },
  { to: "/catchup", label: "Catchup", icon: Newspaper },
  { to: "/bookmarks", label: "Bookmarks", icon: Bookmark },
  { to: "/collections", label: "Collections", icon: FolderOpen },
  { to: "/history", label: "History", icon: History },
  { to: "/offline", label: "Offline Papers", icon: HardDriveDownload },
  { to: "/profile", label: "Profile", icon: UserRound },
  { to: "/zotero-library", label: "Zotero Library", icon: Library },
  { to: "/settings", label: "Settings", icon: Settings },
  { to: "/user-data", label: "Your Data", icon: Database },
];

/** The phone bottom bar's four direct entries; the rest live behind Menu. */
const BOTTOM_BAR_PATHS = new Set(["/search", "/catchup", "/bookmarks", "/settings"]);
export const BOTTOM_BAR_ITEMS = NAV_ITEMS.filter((item) => BOTTOM_BAR_PATHS.has(item.to));
export const MENU_ONLY_ITEMS = NAV_ITEMS.filter((item) => !BOTTOM_BAR_PATHS.has(item.to));

/**
 * The Developer Tools group: the admin pages and the
 * developer pages, shown to admins only. The pages themselves are guarded: /admin/* for admins,
 * /dev/* and /auth-test for maintainers and above.
 */
export const ADMIN_NAV_ITEMS: readonly NavItem[] = [
  { to: "/admin/performance", label: "Performance", icon: Gauge },
  { to: "/admin/analytics", label: "Analytics", icon: ChartColumn },
  { to: "/admin/arxiv-index", label: "arXiv Index", icon: DatabaseSearch },
  { to: "/dev/query-tester", label: "Query Tester", icon: Wand2 },
  { to: "/dev/localStorage-inspector", label: "Storage Inspector", icon: HardDrive },
  { to: "/dev/search-v2-test", label: "Search v2 Test", icon: SearchCode },
  { to: "/dev/pdf-test", label: "PDF Test", icon: FileCheck },
  { to: "/dev/library-test", label: "Library Test", icon: LibraryBig },
  { to: "/dev/llm-test", label: "LLM Test", icon: Bot },
  { to: "/dev/test-page", label: "Test Page", icon: FlaskConical },
  { to: "/auth-test", label: "Auth Test", icon: KeyRound },
];
