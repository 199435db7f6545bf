import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES, MOBILE_NAV, pageHeading } from './navigation';

describe('navigation', () => {
  it('has the 15 sidebar entries in the observed order', () => {
    expect(NAV_ENTRIES.map((e) => e.label)).toEqual([
      'Dashboard',
      'FAR Compliance',
      'Audit Assistant',
      'Document Generation',
      'Fleet Insight',
      'Part 142 Checklist',
      'Regulatory Monitor',
      'Regulatory Alerts',
      'Link Monitor',
      'Document Import',
      'Compliance Records',
      'Admin Dashboard',
      'Mobile Field',
      'Support',
      'Settings',
    ]);
  });

  it('shows Admin Dashboard only to roles that manage the organization', () => {
    const admin = NAV_ENTRIES.find((e) => e.path === '/admin-dashboard');
    expect(admin?.capability).toBe('manageOrganization');
    expect(NAV_ENTRIES.filter((e) => e.capability)).toHaveLength(1);
  });

  it('has the four mobile entries of the spec', () => {
    expect(MOBILE_NAV.map((e) => [e.path, e.label])).toEqual([
      ['/', 'Dashboard'],
      ['/mobile-field', 'Field Ops'],
      ['/document-import', 'Upload'],
      ['/compliance-records', 'Records'],
    ]);
  });

  it('titles screens as the spec does', () => {
    expect(pageHeading('/')).toMatchObject({
      title: 'Compliance Dashboard',
      description: 'Monitor training compliance and document processing',
    });
    expect(pageHeading('/document-import').description).toBe(
      'Upload and process compliance documents with AI',
    );
    expect(pageHeading('/compliance-records').description).toBe(
      'View and manage training compliance records',
    );
  });
});
