export default function DocumentImport() {
  return <div>DocumentImport</div>;
}
