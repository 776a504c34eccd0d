export default function ResetPasswordPage() {
  return (
    <section className="page">
      <h1>Reset password</h1>
    </section>
  );
}
