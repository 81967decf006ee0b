export default function Placeholder() {
  return <main>Under construction</main>;
}
