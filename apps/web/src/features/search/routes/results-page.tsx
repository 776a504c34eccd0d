export default function ResultsPage() {
  return (
    <section className="page">
      <h1>Results</h1>
    </section>
  );
}
