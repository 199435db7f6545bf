import { DocumentHistory } from '../../features/documents/DocumentHistory';
import { ProcessingGuidelines } from '../../features/documents/ProcessingGuidelines';
import { UploadPanel } from '../../features/documents/UploadPanel';

export default function DocumentImport() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <UploadPanel />
        </div>
        <ProcessingGuidelines />
      </div>
      <DocumentHistory />
    </div>
  );
}
