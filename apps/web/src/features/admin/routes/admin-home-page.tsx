export default function AdminHomePage() {
  return (
    <section className="page">
      <h1>Admin home</h1>
    </section>
  );
}
