export default function Setup() {
  return <div className="p-6">Setup</div>;
}
