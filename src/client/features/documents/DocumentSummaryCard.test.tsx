import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { documentOf } from '../../test/fixtures';
import { renderScreen } from '../../test/render';
import { DocumentSummaryCard } from './DocumentSummaryCard';

describe('the document summary', () => {
  it('says what the document was read as, and when the audit will not count it', () => {
    fakeApi({});
    const note =
      'Not counted as audit evidence: the document is marked as a draft. Upload the version in force when there is one.';
    renderScreen(
      <DocumentSummaryCard
        document={documentOf({
          documentKind: 'manual',
          kindConfidence: 0.82,
          kindReason: 'Manual: title “procedure”, “shall”',
          evidenceNote: note,
        })}
      />,
    );
    expect(screen.getByText('Manual')).toBeTruthy();
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('says nothing more of a document the audit counts', () => {
    fakeApi({});
    renderScreen(<DocumentSummaryCard document={documentOf({ documentKind: 'manual' })} />);
    expect(screen.queryByText(/Not counted as audit evidence/)).toBeNull();
  });
});
