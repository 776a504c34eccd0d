export default function AdminProvidersPage() {
  return (
    <section className="page">
      <h1>Admin providers</h1>
    </section>
  );
}
