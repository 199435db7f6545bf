export default function RegulatoryCompliance() {
  return <div>RegulatoryCompliance</div>;
}
