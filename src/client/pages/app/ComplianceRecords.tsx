export default function ComplianceRecords() {
  return <div>ComplianceRecords</div>;
}
