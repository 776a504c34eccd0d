export default function StaffSignInPage() {
  return (
    <section className="page">
      <h1>Staff sign in</h1>
    </section>
  );
}
