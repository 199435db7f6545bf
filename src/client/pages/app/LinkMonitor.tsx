export default function LinkMonitor() {
  return <div>LinkMonitor</div>;
}
