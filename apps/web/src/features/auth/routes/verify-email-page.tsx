export default function VerifyEmailPage() {
  return (
    <section className="page">
      <h1>Verify email</h1>
    </section>
  );
}
