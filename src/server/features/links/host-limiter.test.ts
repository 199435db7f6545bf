import { describe, expect, it } from 'vitest';
import { HostLimiter, hostOf } from './host-limiter';

describe('HostLimiter', () => {
  it('runs at most perHost tasks of one host at a time, other hosts alongside', async () => {
    const limiter = new HostLimiter(2);
    const active = new Map<string, number>();
    const peak = new Map<string, number>();
    const task = (host: string) =>
      limiter.run(host, async () => {
        active.set(host, (active.get(host) ?? 0) + 1);
        peak.set(host, Math.max(peak.get(host) ?? 0, active.get(host)!));
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 10));
        active.set(host, active.get(host)! - 1);
        return host;
      });
    const hosts = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 'b.example' : 'a.example'));
    const results = await Promise.all(hosts.map(task));
    expect(results).toEqual(hosts);
    expect(peak.get('a.example')).toBe(2);
    expect(peak.get('b.example')).toBe(2);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new HostLimiter(1);
    await expect(limiter.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run('a', async () => 'next')).resolves.toBe('next');
  });

  it('keys by host and port', () => {
    expect(hostOf('https://WWW.ecfr.gov/current')).toBe('www.ecfr.gov');
    expect(hostOf('http://127.0.0.1:8080/x')).toBe('127.0.0.1:8080');
  });
});
