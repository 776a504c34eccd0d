export default function AdminPaymentsPage() {
  return (
    <section className="page">
      <h1>Admin payments</h1>
    </section>
  );
}
