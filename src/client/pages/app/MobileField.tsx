export default function MobileField() {
  return <div>MobileField</div>;
}
