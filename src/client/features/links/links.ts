/** A monitored regulatory link (spec §3 "Link status") and the totals the link monitor shows. */
export interface LinkStatus {
  url: string;
  status: 'active' | 'broken' | 'redirected' | 'changed';
  lastChecked: string;
  responseCode: number | null;
}

export function summarizeLinks(links: readonly LinkStatus[]) {
  return {
    total: links.length,
    active: links.filter((l) => l.status === 'active').length,
    issues: links.filter((l) => l.status === 'broken' || l.status === 'changed').length,
    redirects: links.filter((l) => l.status === 'redirected').length,
  };
}
