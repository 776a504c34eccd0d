export default function ContactPage() {
  return (
    <section className="page">
      <h1>Contact</h1>
    </section>
  );
}
