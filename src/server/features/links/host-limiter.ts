/**
 * At most `perHost` tasks at a time against one host, across every run of the process, so a
 * Refresh of 200 links on one site does not hammer it (config LINK_CHECKS_PER_HOST).
 */
export class HostLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly perHost: number) {}

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    if ((this.active.get(host) ?? 0) >= this.perHost) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(host) ?? [];
        queue.push(resolve);
        this.waiting.set(host, queue);
      });
    } else {
      this.active.set(host, (this.active.get(host) ?? 0) + 1);
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.get(host)?.shift();
      // The slot passes straight to the next waiting task; otherwise it is freed.
      if (next) next();
      else {
        const left = (this.active.get(host) ?? 1) - 1;
        if (left === 0) this.active.delete(host);
        else this.active.set(host, left);
        this.waiting.delete(host);
      }
    }
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
