import { AlertTriangle } from 'lucide-react';

/** The action-required alert: documents the organization must upload itself. */
export function UploadRequestsAlert({ requests }: { requests: string[] }) {
  if (requests.length === 0) return null;
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="size-4" />
        Action Required
      </p>
      <p className="text-sm">
        These documents cannot be generated: they are issued by the FAA or others. Upload them
        manually.
      </p>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {requests.map((request) => (
          <li key={request}>{request}</li>
        ))}
      </ul>
    </div>
  );
}
