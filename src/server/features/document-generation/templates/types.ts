import type { RequirementCode } from '../requirements';

/** What the organization's own records say, gathered once per run (facts.ts). */
export interface OrganizationFacts {
  organizationName: string;
  /** Read from a stored FAA certificate, when one was recognised. */
  certificateNumber: string | null;
  /** YYYY-MM-DD, the day the draft was generated. */
  generatedOn: string;
  courses: { name: string; events: number; first: string | null; last: string | null }[];
  instructors: { name: string; events: number; lastEventDate: string | null; courses: string[] }[];
  evaluators: { name: string; events: number; lastEventDate: string | null }[];
  /** Lines of stored documents that describe simulators, training devices or aircraft. */
  equipment: string[];
  trainingEvents: {
    total: number;
    completed: number;
    failed: number;
    pending: number;
    first: string | null;
    last: string | null;
  };
  documents: { total: number; first: string | null; last: string | null };
  /** People with the Admin role in the organization. */
  administrators: string[];
}

export interface TemplateTable {
  header: string[];
  rows: string[][];
}

export interface TemplateSection {
  heading: string;
  /** Prose. A configured model may redraft these paragraphs; everything else stays as written. */
  paragraphs: string[];
  bullets?: string[];
  table?: TemplateTable;
}

export interface DocumentTemplate {
  type: RequirementCode;
  title: string;
  /** Base of the file names: `{slug}.txt`, `{slug}.docx`, `{slug}.pdf`. */
  slug: string;
  build(facts: OrganizationFacts): TemplateSection[];
}

/** A generated document before rendering: title, organization, sections. */
export interface DraftDocument {
  type: RequirementCode;
  title: string;
  slug: string;
  organizationName: string;
  generatedOn: string;
  regulatoryBasis: string[];
  sections: TemplateSection[];
}
