export default function HomePage() {
  return (
    <section className="page">
      <h1>Home</h1>
    </section>
  );
}
