export default function Landing() {
  return <div className="p-6">Landing</div>;
}
