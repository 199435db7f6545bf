export default function FarCompliance() {
  return <div>FarCompliance</div>;
}
