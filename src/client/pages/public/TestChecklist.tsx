export default function TestChecklist() {
  return <div className="p-6">TestChecklist</div>;
}
