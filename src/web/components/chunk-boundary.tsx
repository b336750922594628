import { Component, type ReactNode } from "react";

type ChunkBoundaryProps = {
  children: ReactNode;
  /** What shows while the chunk is missing; `retry` tries again at once. */
  fallback: (retry: () => void) => ReactNode;
  /** Makes a fresh lazy component (React.lazy keeps a failed import for good). */
  onRetry: () => void;
};

/**
 * Keeps a lazily loaded part of a page from taking the page down when its chunk cannot be
 * fetched (the network dropped before it arrived): shows `fallback` instead, and tries again
 * when the browser is back online or `retry` is called. Chromium keeps a failed dynamic
 * import of a URL failed for the page's lifetime, so there a retry only helps for a part
 * that failed for another reason; a fallback that must recover offers a reload.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  private retry = () => {
    if (!this.state.failed) return;
    this.props.onRetry();
    this.setState({ failed: false });
  };
  override componentDidMount() {
    window.addEventListener("online", this.retry);
  }
  override componentWillUnmount() {
    window.removeEventListener("online", this.retry);
  }
  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
