export default function PrivacyPage() {
  return (
    <section className="page">
      <h1>Privacy</h1>
    </section>
  );
}
