export default function Pricing() {
  return <div className="p-6">Pricing</div>;
}
