export default function ProviderVerifyPage() {
  return (
    <section className="page">
      <h1>Provider verify</h1>
    </section>
  );
}
