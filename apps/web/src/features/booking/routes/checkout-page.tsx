export default function CheckoutPage() {
  return (
    <section className="page">
      <h1>Checkout</h1>
    </section>
  );
}
