export default function BankAccountPage() {
  return (
    <section className="page">
      <h1>Bank account</h1>
    </section>
  );
}
