export default function ProviderProfilePage() {
  return (
    <section className="page">
      <h1>Provider profile</h1>
    </section>
  );
}
