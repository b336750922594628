/** What a guarded page shows while the session loads. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center px-4 text-sm text-muted-foreground">
      <span className="mr-2.5 size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
      Loading...
    </div>
  );
}
