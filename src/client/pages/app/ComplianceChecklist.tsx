export default function ComplianceChecklist() {
  return <div>ComplianceChecklist</div>;
}
