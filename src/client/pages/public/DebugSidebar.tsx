export default function DebugSidebar() {
  return <div className="p-6">DebugSidebar</div>;
}
