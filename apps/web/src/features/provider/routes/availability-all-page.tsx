export default function AvailabilityAllPage() {
  return (
    <section className="page">
      <h1>Availability all</h1>
    </section>
  );
}
