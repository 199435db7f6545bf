export default function FleetInsight() {
  return <div>FleetInsight</div>;
}
