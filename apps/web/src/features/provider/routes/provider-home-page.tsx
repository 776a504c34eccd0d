export default function ProviderHomePage() {
  return (
    <section className="page">
      <h1>Provider home</h1>
    </section>
  );
}
