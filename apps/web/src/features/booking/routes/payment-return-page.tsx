export default function PaymentReturnPage() {
  return (
    <section className="page">
      <h1>Payment return</h1>
    </section>
  );
}
