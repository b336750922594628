import type { UpstreamReply, UpstreamTransport } from "./upstream-agent";

/**
 * What the upstream client tells an observer (the performance logs, src/server/metrics): each
 * exchange with the upstream, timed from the moment it was sent (after the rate limit let it
 * go) until its body was read, and each answer a caller got, with where it came from.
 */
export type UpstreamObserver = {
  exchange(source: string, ms: number, outcome: { status: number } | { failure: string }): void;
  answer(source: string, origin: "network" | "cache" | "stale-cache" | "error"): void;
};

/** The transport with every exchange reported to `observer`; the transport itself when there is none. */
export function observeTransport(send: UpstreamTransport, source: string, observer: UpstreamObserver | undefined): UpstreamTransport {
  if (!observer) return send;
  return async (url, init) => {
    const started = performance.now();
    let reply: UpstreamReply;
    try {
      reply = await send(url, init);
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      observer.exchange(source, performance.now() - started, { failure: timedOut ? "timeout" : "network" });
      throw error;
    }
    const report = (outcome: { status: number } | { failure: string }) => observer.exchange(source, performance.now() - started, outcome);
    return {
      status: reply.status,
      statusText: reply.statusText,
      header: (name) => reply.header(name),
      bytes: async () => {
        try {
          const bytes = await reply.bytes();
          report({ status: reply.status });
          return bytes;
        } catch (error) {
          report({ failure: "unreadable" });
          throw error;
        }
      },
      discard: async () => {
        report({ status: reply.status });
        return reply.discard();
      },
    };
  };
}
