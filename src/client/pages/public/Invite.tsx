export default function Invite() {
  return <div className="p-6">Invite</div>;
}
