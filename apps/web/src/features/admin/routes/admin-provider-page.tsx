export default function AdminProviderPage() {
  return (
    <section className="page">
      <h1>Admin provider</h1>
    </section>
  );
}
