export default function AiAuditCompliance() {
  return <div>AiAuditCompliance</div>;
}
