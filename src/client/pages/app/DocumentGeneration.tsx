export default function DocumentGeneration() {
  return <div>DocumentGeneration</div>;
}
