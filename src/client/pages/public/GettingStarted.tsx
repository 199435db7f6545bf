export default function GettingStarted() {
  return <div className="p-6">GettingStarted</div>;
}
