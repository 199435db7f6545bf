export default function Tutorials() {
  return <div className="p-6">Tutorials</div>;
}
