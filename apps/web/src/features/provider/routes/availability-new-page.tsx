export default function AvailabilityNewPage() {
  return (
    <section className="page">
      <h1>Availability new</h1>
    </section>
  );
}
