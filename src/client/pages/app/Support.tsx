export default function Support() {
  return <div>Support</div>;
}
