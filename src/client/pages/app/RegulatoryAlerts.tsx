export default function RegulatoryAlerts() {
  return <div>RegulatoryAlerts</div>;
}
