export default function LoginVerificationPage() {
  return (
    <section className="page">
      <h1>Login verification</h1>
    </section>
  );
}
